// The CPU time of a page's dedicated Web Workers, read from Linux's per-thread accounting.
//
// Chromium's CPU throttling (Emulation.setCPUThrottlingRate) slows a page's main thread only: a
// dedicated worker runs at full speed, and its own target refuses the command ("Operation is only
// supported for pages, not workers", Chromium 156; decision 234). So the bench measures how much
// CPU the worker threads used and adds the time a phone as slow as the throttled page would have
// needed on top of it. The renderers are the browser's own (CDP SystemInfo.getProcessInfo); their
// worker threads are the ones Chromium names "DedicatedWorker".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';

const WORKER_THREAD = 'DedicatedWorker';

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null; // the thread or process ended meanwhile
  }
}

/** Milliseconds on a CPU of every dedicated worker thread of these processes, or null off Linux. */
function workerCpuMs(pids: number[]): number | null {
  if (!existsSync('/proc/self/task')) return null;
  let ns = 0;
  for (const pid of pids) {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      if (readOrNull(`/proc/${pid}/task/${tid}/comm`)?.trim() !== WORKER_THREAD) continue;
      // schedstat's first field: nanoseconds the thread ran.
      ns += Number(readOrNull(`/proc/${pid}/task/${tid}/schedstat`)?.split(' ')[0] ?? 0);
    }
  }
  return ns / 1e6;
}

/**
 * A reader of the total CPU milliseconds used so far by the dedicated workers of the browser's
 * pages (threads that ended are no longer counted: take differences over a worker's life), or
 * null where the threads cannot be read (not Linux).
 */
export async function workerCpuClock(browser: Browser): Promise<(() => Promise<number | null>) | null> {
  if (!existsSync('/proc/self/task')) return null;
  const session = await browser.newBrowserCDPSession();
  return async () => {
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    return workerCpuMs(
      processInfo.filter((process) => process.type === 'renderer').map((process) => process.id),
    );
  };
}
