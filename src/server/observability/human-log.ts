import { Writable } from 'node:stream';

const LEVEL_NAMES: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/** Fields every line has, or that the short form shows in its own way. */
const SHOWN_APART = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

/**
 * One JSON log line as a developer reads it: time, level, message, the request it belongs to,
 * and any other fields as key=value; an error's stack on the lines below.
 */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toTimeString().slice(0, 8);
  const level = (LEVEL_NAMES[entry.level as number] ?? String(entry.level)).padEnd(5);
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  const request = [
    req ? `${req.method} ${req.url}` : '',
    res?.statusCode ? String(res.statusCode) : '',
    typeof entry.responseTime === 'number' ? `${Math.round(entry.responseTime)} ms` : '',
  ].filter(Boolean);
  const extra = Object.entries(entry)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const err = entry.err as { message?: string; stack?: string } | undefined;
  const parts = [time, level, String(entry.msg ?? ''), ...request, ...extra];
  if (entry.reqId) parts.push(`(${entry.reqId})`);
  const head = parts.filter(Boolean).join(' ');
  return err ? `${head}\n  ${err.stack || err.message}` : head;
}

/**
 * The development log: pino's JSON lines turned into short ones on `out`, so the start-up banner
 * with the portals' addresses stays readable. Production keeps JSON for the log collector.
 */
export function humanLogStream(out: NodeJS.WritableStream = process.stdout): Writable {
  let pending = '';
  return new Writable({
    write(chunk, _encoding, callback) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) out.write(`${formatLogLine(line)}\n`);
      callback();
    },
  });
}
