import { useEffect } from 'react';
import { useOutletContext } from 'react-router';

/** What the signed-in frame hands its pages: a way to name the menu entry a page belongs to. */
export interface SignedInOutletContext {
  setPageMenuEntry: (path: string | null) => void;
}

/**
 * Marks the side-menu entry at `path` as current while the page shows (null: the entry of the
 * page's own path). A page whose entry depends on its data uses this, e.g. the detail of a
 * visitor-only pass sits under My visitors rather than Passes.
 */
export function usePageMenuEntry(path: string | null) {
  const context = useOutletContext<SignedInOutletContext | undefined>();
  const setPageMenuEntry = context?.setPageMenuEntry;
  useEffect(() => {
    if (!setPageMenuEntry) return;
    setPageMenuEntry(path);
    return () => setPageMenuEntry(null);
  }, [path, setPageMenuEntry]);
}
