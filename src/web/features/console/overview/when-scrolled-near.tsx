import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders its children once their place comes within `margin` of the viewport, and keeps them.
 * The margin is small: the section starts about 1,050 px down on a phone of 823 px (Lighthouse's),
 * and a larger one would load it there at once.
 * The overview's charts (a 27 KiB chunk, a call and seven canvases) sit below the six tiles on a
 * phone: a phone that never scrolls there never pays for them, and one that does pays after the
 * page has become interactive (decision 252). On a desktop they are in view at once.
 */
export function WhenScrolledNear({ children, margin = '100px' }: { children: ReactNode; margin?: string }) {
  const place = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setIsNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear, margin]);
  return <div ref={place}>{isNear ? children : null}</div>;
}
