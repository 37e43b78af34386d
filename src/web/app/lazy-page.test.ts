import { describe, expect, it } from 'vitest';
import { type ReloadablePage, reloadOnMissingChunk } from './lazy-page';

function fakePage(now: number, stored: Record<string, string> = {}) {
  const page = {
    reloads: 0,
    stored,
    reload: () => {
      page.reloads += 1;
    },
    storage: {
      getItem: (key: string) => page.stored[key] ?? null,
      setItem: (key: string, value: string) => {
        page.stored[key] = value;
      },
    },
    now: () => now,
  };
  return page satisfies ReloadablePage;
}

const missingChunk = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
const settlesWithin = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);

describe('reloadOnMissingChunk', () => {
  it('passes a loaded chunk through without reloading', async () => {
    const page = fakePage(1_000_000);
    await expect(reloadOnMissingChunk(() => Promise.resolve('page'), page)).resolves.toBe('page');
    expect(page.reloads).toBe(0);
  });

  it('reloads once when a chunk is missing (a release replaced it) and renders nothing meanwhile', async () => {
    const page = fakePage(1_000_000);
    const pending = reloadOnMissingChunk(missingChunk, page);
    expect(await settlesWithin(pending, 20)).toBe(false);
    expect(page.reloads).toBe(1);
    expect(Object.values(page.stored)).toEqual(['1000000']);
  });

  it('lets the error through when the chunk is still missing right after that reload', async () => {
    const page = fakePage(1_005_000, { 'portal:chunk-reload-at': '1000000' });
    await expect(reloadOnMissingChunk(missingChunk, page)).rejects.toThrow(/dynamically imported/);
    expect(page.reloads).toBe(0);
  });

  it('reloads again for a later release', async () => {
    const page = fakePage(2_000_000, { 'portal:chunk-reload-at': '1000000' });
    void reloadOnMissingChunk(missingChunk, page);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(page.reloads).toBe(1);
  });
});
