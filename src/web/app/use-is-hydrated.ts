import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while the server's HTML is shown and being hydrated, true once React runs the page (and
 * always true on a page rendered in the browser). A button whose action needs the app's code is
 * disabled until then: a press on the server's markup would otherwise do nothing, or submit a
 * form natively (decision 158).
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
