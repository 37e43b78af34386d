/** Debian's redis-server binary, installed with apt-get first when missing (root only). */
export function ensureRedisServer(): string;
