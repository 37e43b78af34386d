// A throw-away PostgreSQL primary and its streaming standby on this machine (two clusters in a
// temporary folder, on free ports of 127.0.0.1), for the failover round of `npm run chaos` and
// the bench's lookup on a replica. Commits
// wait for the standby (synchronous_commit on, the standby named in synchronous_standby_names), so
// a write the primary acknowledged is on the standby when the primary dies. Never touches the
// machine's own cluster.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findFreePort } from './free-port';

const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
const STANDBY_NAME = 'chaos_standby';

/** initdb and the server refuse to run as root: as root, run them as the postgres user. */
function run(command: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0;
  const [file, fullArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args]]
    : [path.join(BIN, command), args];
  return execFileSync(file, fullArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface PostgresPair {
  primaryPort: number;
  standbyPort: number;
  /** kill -9 of the primary's postmaster and every backend it had: no shutdown, no checkpoint. */
  killPrimary(): void;
  /** Makes the standby a primary that accepts writes (pg_ctl promote, waiting until it has). */
  promoteStandby(): Promise<void>;
  stop(): void;
}

export async function startPostgresPair(): Promise<PostgresPair> {
  const root = mkdtempSync(path.join(tmpdir(), 'portal-chaos-pair-'));
  if (process.getuid?.() === 0) {
    const { uid, gid } = userIds('postgres');
    chownSync(root, uid, gid);
  }
  const primaryDir = path.join(root, 'primary');
  const standbyDir = path.join(root, 'standby');
  const primaryPort = await findFreePort();
  const standbyPort = await findFreePort();
  const serverOptions = (port: number) => `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=on`;

  run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  const settings = [
    'wal_level = replica',
    'max_wal_senders = 5',
    'hot_standby = on',
    'synchronous_commit = on',
    `synchronous_standby_names = '${STANDBY_NAME}'`,
    'max_connections = 60',
  ].join('\n');
  appendFileSync(path.join(primaryDir, 'postgresql.conf'), `\n${settings}\n`);
  const start = (dir: string, port: number, log: string) => {
    try {
      run('pg_ctl', ['-D', dir, '-o', serverOptions(port), '-l', log, '-w', 'start']);
    } catch (error) {
      throw new Error(`PostgreSQL did not start in ${dir}:\n${readFileSync(log, 'utf8')}`, { cause: error });
    }
  };
  start(primaryDir, primaryPort, `${root}/primary.log`);
  run('pg_basebackup', [
    '-d',
    `host=127.0.0.1 port=${primaryPort} user=postgres application_name=${STANDBY_NAME}`,
    '-D',
    standbyDir,
    '-R',
    '-X',
    'stream',
  ]);
  start(standbyDir, standbyPort, `${root}/standby.log`);
  await waitUntilSynchronous(primaryPort);

  const postmasterPid = (dir: string) =>
    Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const stopCluster = (dir: string) =>
    spawnSync(process.getuid?.() === 0 ? 'runuser' : path.join(BIN, 'pg_ctl'), [
      ...(process.getuid?.() === 0 ? ['-u', 'postgres', '--', path.join(BIN, 'pg_ctl')] : []),
      '-D',
      dir,
      '-m',
      'immediate',
      'stop',
    ]);
  return {
    primaryPort,
    standbyPort,
    killPrimary() {
      const pid = postmasterPid(primaryDir);
      // The postmaster and its children (the backends serving the portal, the WAL sender).
      const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter(Boolean);
      process.kill(pid, 'SIGKILL');
      for (const child of children) {
        try {
          process.kill(Number(child), 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    },
    async promoteStandby() {
      run('pg_ctl', ['-D', standbyDir, '-w', 'promote']);
      // The standby copied the primary's settings: as the only server left it must stop waiting
      // for a synchronous standby, or every commit would wait for good (a failover manager does
      // the same).
      const client = new pg.Client({
        connectionString: `postgres://postgres@127.0.0.1:${standbyPort}/postgres`,
      });
      await client.connect();
      try {
        await client.query("ALTER SYSTEM SET synchronous_standby_names = ''");
        await client.query('SELECT pg_reload_conf()');
      } finally {
        await client.end();
      }
    },
    stop() {
      stopCluster(standbyDir);
      stopCluster(primaryDir);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function userIds(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) throw new Error(`No user ${name} to run PostgreSQL as.`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Until the primary counts the standby as its synchronous one (commits then wait for it). */
async function waitUntilSynchronous(primaryPort: number): Promise<void> {
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { rows } = await client.query<{ sync_state: string }>(
        'SELECT sync_state FROM pg_stat_replication',
      );
      if (rows.some((row) => row.sync_state === 'sync')) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('The standby never became synchronous.');
  } finally {
    await client.end();
  }
}
