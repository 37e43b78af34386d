import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formatLogLine, humanLogStream } from './human-log';

describe('the development log', () => {
  it('writes a request line short: level, message, method, path, status, time and request id', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 10, 25, 9, 5, 7),
      pid: 1,
      hostname: 'box',
      reqId: 'abc-123',
      res: { statusCode: 200 },
      req: { method: 'GET', url: '/api/v1/brand' },
      responseTime: 3.4,
      msg: 'request completed',
    });
    const text = formatLogLine(line);
    expect(text).toMatch(
      /^\d\d:\d\d:\d\d info {2}request completed GET \/api\/v1\/brand 200 3 ms \(abc-123\)$/,
    );
    expect(text).not.toContain('hostname');
  });

  it('shows other fields as key=value and an error’s stack below', () => {
    const text = formatLogLine(
      JSON.stringify({
        level: 50,
        time: 0,
        msg: 'sweep failed',
        sweep: 'uploads',
        err: { message: 'boom', stack: 'Error: boom\n    at x' },
      }),
    );
    expect(text).toContain('error sweep failed sweep=uploads');
    expect(text).toContain('\n  Error: boom');
  });

  it('passes a line that is not JSON through, and joins lines split across writes', async () => {
    const out = new PassThrough();
    let written = '';
    out.on('data', (chunk) => (written += chunk));
    const stream = humanLogStream(out);
    stream.write('{"level":30,"time":0,"msg":"hel');
    stream.write('lo"}\nplain text\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(written.split('\n')).toEqual([expect.stringMatching(/info {2}hello$/), 'plain text', '']);
  });
});
