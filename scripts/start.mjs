#!/usr/bin/env node
// `npm start`: builds what is missing or out of date, then runs the server in this process's place.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildAll } from './build.mjs';

/** Newest modification time of any file under the given folders. */
function newestMtime(dirs) {
  let newest = 0;
  const visit = (target) => {
    const stat = statSync(target);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(target)) visit(path.join(target, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const dir of dirs) if (existsSync(dir)) visit(dir);
  return newest;
}

const outputs = ['dist/web/index.html', 'dist/server/main.js'];
const isBuilt = outputs.every((file) => existsSync(file));
const builtAt = isBuilt ? Math.min(...outputs.map((file) => statSync(file).mtimeMs)) : 0;
if (!isBuilt || newestMtime(['src', 'package-lock.json', 'vite.config.ts']) > builtAt) {
  console.log('Building the portal...');
  await buildAll();
}

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
