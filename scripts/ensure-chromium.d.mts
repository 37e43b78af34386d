/** Debian's Chromium binary, installed with apt-get first when missing (root only). */
export function ensureChromium(): string;
