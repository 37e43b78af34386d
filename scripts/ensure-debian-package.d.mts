/** The binary's path, installing Debian package `packageName` with apt-get first when missing (root only). */
export function ensureDebianPackage(options: {
  binary: string;
  packageName: string;
  label: string;
  hint?: string;
}): string;
export function runAsScript(label: string, ensure: () => string): void;
