import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory } from './lazy-request-logger';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const parent = pino({ level }, stream);
  const log = lazyChildLoggerFactory.call(
    undefined as never,
    parent,
    { reqId: 'req-1' },
    {},
    undefined as never,
  );
  return { lines, log };
}

describe('lazy request logger', () => {
  it('writes nothing below the level, and each line above it with the request bindings', () => {
    const { lines, log } = capture('warn');
    log.info('incoming request');
    log.debug('detail');
    log.warn({ plate: 'ABC' }, 'slow');
    log.error('failed');
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
      ['slow', 'req-1'],
      ['failed', 'req-1'],
    ]);
    expect(lines[0]).toMatchObject({ plate: 'ABC', level: 40 });
  });

  it('answers the level and makes children that keep the request bindings', () => {
    const { lines, log } = capture('info');
    expect(log.level).toBe('info');
    log.child({ part: 'mail' }).info('sent');
    expect(lines).toEqual([expect.objectContaining({ msg: 'sent', reqId: 'req-1', part: 'mail' })]);
  });
});
