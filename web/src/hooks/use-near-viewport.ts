// Whether an element has come near the viewport (within `margin`), for parts below the fold that
// load code of their own: they load as the visitor scrolls towards them, not with the first page.
// Once near, always near. Without IntersectionObserver, near at once.
import { useCallback, useRef, useState } from 'react';

export function useNearViewport<E extends Element>(margin = '400px'): [(element: E | null) => void, boolean] {
  const [near, setNear] = useState(false);
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (element: E | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element) return;
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return;
      }
      observer.current = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.current?.disconnect();
          setNear(true);
        },
        { rootMargin: margin },
      );
      observer.current.observe(element);
    },
    [margin],
  );
  return [ref, near];
}
