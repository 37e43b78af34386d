import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findFreePort } from './free-port';

export interface RedisServer {
  /** REDIS_URL for the app under test. */
  url: string;
  stop(): Promise<void>;
}

const REDIS_SERVER_PATH = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
const READY_LINE = /Ready to accept connections/;
const START_TIMEOUT_MS = 20_000;

/**
 * A throw-away Redis of the test's own, from Debian's redis-server (`npm test` installs it): on a
 * free port of 127.0.0.1, nothing written to disk, stopped by `stop()`. So the test neither needs
 * nor touches a Redis that happens to run on the machine.
 */
export async function startRedisServer(): Promise<RedisServer> {
  if (!existsSync(REDIS_SERVER_PATH)) {
    throw new Error(
      `redis-server is not installed at ${REDIS_SERVER_PATH}: run 'node scripts/ensure-redis.mjs' ` +
        "(npm test does it) or 'apt-get install -y redis-server', or set REDIS_SERVER_PATH.",
    );
  }
  const port = await findFreePort();
  const server = spawn(
    REDIS_SERVER_PATH,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await waitUntilReady(server);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => stopProcess(server),
  };
}

function waitUntilReady(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const fail = (reason: string) => {
      clearTimeout(timer);
      server.kill('SIGKILL');
      reject(new Error(`redis-server did not start: ${reason}\n${output}`));
    };
    const timer = setTimeout(() => fail(`not ready after ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      if (READY_LINE.test(output)) {
        clearTimeout(timer);
        server.stdout?.off('data', onOutput);
        server.stdout?.resume();
        resolve();
      }
    };
    server.stdout?.on('data', onOutput);
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.once('error', (error) => fail(error.message));
    server.once('exit', (code) => fail(`exited with code ${code}`));
  });
}

function stopProcess(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.removeAllListeners('exit');
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}
