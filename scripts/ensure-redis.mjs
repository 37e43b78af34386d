#!/usr/bin/env node
// The rate-limit test shares counters between two app instances through a real Redis, which it
// starts itself from Debian's redis-server (tests/support/redis-server.ts).
import { ensureDebianPackage, runAsScript } from './ensure-debian-package.mjs';

export function ensureRedisServer() {
  return ensureDebianPackage({
    binary: process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server',
    packageName: 'redis-server',
    label: 'redis-server',
    hint: 'point REDIS_SERVER_PATH at a redis-server binary',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) runAsScript('redis-server', ensureRedisServer);
