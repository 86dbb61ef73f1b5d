// For an element that an action brings on screen in place of the control that had focus (the card
// summary after Add Payment Method, Edit Profile again after Save): `arm()` before the action's state
// change, and the element takes focus as it mounts. Not armed, it mounts as it is: nothing is focused
// on a page's first render.
import { useCallback, useRef } from 'react';

import { moveFocusTo } from '@/lib/focus';

export function useFocusOnNextMount<E extends HTMLElement>(): { ref: (element: E | null) => void; arm: () => void } {
  const armed = useRef(false);
  const ref = useCallback((element: E | null) => {
    if (!element || !armed.current) return;
    armed.current = false;
    moveFocusTo(element);
  }, []);
  const arm = useCallback(() => {
    armed.current = true;
  }, []);
  return { ref, arm };
}
