import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

const HydratedContext = createContext(true);

/**
 * Tells the page whether React runs it yet. On a page the server rendered it is false in the
 * server's HTML and during hydration, then true, set in a transition once hydrated: only the
 * components that read it render again, in time slices. A page rendered in the browser is
 * hydrated from the start.
 */
export function HydrationProvider({
  isServerRendered,
  children,
}: {
  isServerRendered: boolean;
  children: ReactNode;
}) {
  const [isHydrated, setIsHydrated] = useState(!isServerRendered);
  useEffect(() => {
    startTransition(() => setIsHydrated(true));
  }, []);
  return <HydratedContext.Provider value={isHydrated}>{children}</HydratedContext.Provider>;
}

/**
 * False while the server's HTML is shown and being hydrated. A button whose action needs the
 * app's code is disabled until then: a press on the server's markup would otherwise do nothing,
 * or submit a form natively (decision 158).
 */
export function useIsHydrated(): boolean {
  return useContext(HydratedContext);
}
