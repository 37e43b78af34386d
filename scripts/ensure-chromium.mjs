#!/usr/bin/env node
// Browser tests drive Debian's Chromium (npm tools cannot download browsers here).
import { ensureDebianPackage, runAsScript } from './ensure-debian-package.mjs';

export function ensureChromium() {
  return ensureDebianPackage({
    binary: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    packageName: 'chromium',
    label: 'Chromium',
    hint: 'point CHROMIUM_PATH at a Chromium or Chrome binary',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) runAsScript('Chromium', ensureChromium);
