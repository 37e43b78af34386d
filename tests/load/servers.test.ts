import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCpuSeconds } from './servers';

describe('readCpuSeconds', () => {
  it.runIf(existsSync('/proc/self/stat'))('reads the same CPU time that the process reports itself', () => {
    const usage = process.cpuUsage();
    const read = readCpuSeconds(process.pid);
    // /proc counts in 10 ms ticks; a wrong field would be off by far more than a few ticks.
    expect(read).not.toBeNull();
    expect(Math.abs(read! - (usage.user + usage.system) / 1e6)).toBeLessThan(0.05);
  });

  it('answers null without a process', () => {
    expect(readCpuSeconds(undefined)).toBeNull();
    expect(readCpuSeconds(2 ** 30)).toBeNull();
  });
});
