import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';

/**
 * A route whose page is fetched when the route is first visited (decision 070). Only the landing
 * page is in the first download; every other page is its own chunk and brings, the first time one
 * of them loads, the Mantine styles the landing page does not use (two cached stylesheets: the
 * small one server-rendered pages link in their HTML, and the rest; decision 158).
 * `loadPage` is a dynamic `import()` of the page's module, so the bundler splits it off there.
 */
export function lazyPage(loadPage: () => Promise<ComponentType>): LazyRouteFunction<RouteObject> {
  return async () => {
    const [Component] = await reloadOnMissingChunk(
      () => Promise.all([loadPage(), import('./public-page-styles'), import('./page-styles')]),
      browserPage(),
    );
    return { Component };
  };
}

/** What reloadOnMissingChunk needs of the browser; tests pass their own. */
export interface ReloadablePage {
  reload(): void;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now(): number;
}

const RELOADED_AT_KEY = 'portal:chunk-reload-at';
/** A second failure this soon after a reload is not a release: the error is shown, not looped. */
const RELOAD_GUARD_MS = 10_000;

/**
 * A tab opened before a release asks for chunk names the release has removed. Loading the page
 * again fetches the new index.html and its chunks: done once, then the error is let through.
 */
export async function reloadOnMissingChunk<T>(load: () => Promise<T>, page: ReloadablePage): Promise<T> {
  try {
    return await load();
  } catch (error) {
    try {
      const reloadedAt = Number(page.storage.getItem(RELOADED_AT_KEY) ?? 0);
      if (page.now() - reloadedAt < RELOAD_GUARD_MS) throw error;
      page.storage.setItem(RELOADED_AT_KEY, String(page.now()));
    } catch {
      // Just reloaded, or no storage to guard a loop with (some private modes): show the error.
      throw error;
    }
    page.reload();
    // The page is going away; nothing is rendered meanwhile.
    return new Promise<T>(() => {});
  }
}

function browserPage(): ReloadablePage {
  // Read only when a load fails: the server renders pages through lazyPage too, with no window.
  return {
    reload: () => window.location.reload(),
    get storage() {
      return window.sessionStorage;
    },
    now: () => Date.now(),
  };
}
