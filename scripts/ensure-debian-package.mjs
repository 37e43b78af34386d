// Tools the tests drive as real programs (Chromium, redis-server) come from Debian's packages:
// npm cannot provide them here. Installs a missing one with apt-get when we are root; otherwise
// says what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Answers `binary` when it exists, installing Debian package `packageName` first if it does not.
 * `hint` tells a user who is not root how else to provide the program.
 */
export function ensureDebianPackage({ binary, packageName, label, hint }) {
  if (existsSync(binary)) return binary;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `${label} is not installed at ${binary}. Install it with 'sudo apt-get install -y ${packageName}' ` +
        `(Debian/Ubuntu)${hint ? `, or ${hint}` : ''}, then run the tests again.`,
    );
  }
  console.log(`Installing ${label} from Debian packages (apt-get)...`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packageName}`, {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
  if (!existsSync(binary)) throw new Error(`apt-get finished but ${binary} is still missing.`);
  return binary;
}

/** Runs `ensure` as a command-line script: prints the binary, or the reason and exit code 1. */
export function runAsScript(label, ensure) {
  try {
    console.log(`${label}: ${ensure()}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
