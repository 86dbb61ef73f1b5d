// Whether React is in charge of this part of the page yet. False in the build's render of a page
// (src/prerender.tsx) and while the browser takes that markup over; true from the render after, and
// at once on a page painted afresh. A control on a page rendered at build time is read-only (or
// disabled) until then: the page paints before its JS has run, and what a visitor typed or chose
// before React took the markup over would be lost when it did.
import { useSyncExternalStore } from 'react';

const noChange = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}
