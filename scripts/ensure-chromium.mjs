#!/usr/bin/env node
// Browser tests drive Debian's Chromium (npm tools cannot download browsers here). Installs it
// with apt-get when it is missing and we are root; otherwise says what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(chromiumPath)) return chromiumPath;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `Chromium is not installed at ${chromiumPath}. Install it with 'sudo apt-get install -y chromium' ` +
        '(Debian/Ubuntu), or point CHROMIUM_PATH at a Chromium or Chrome binary, then run the tests again.',
    );
  }
  console.log('Installing Chromium from Debian packages (apt-get)...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
  if (!existsSync(chromiumPath)) throw new Error(`apt-get finished but ${chromiumPath} is still missing.`);
  return chromiumPath;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
