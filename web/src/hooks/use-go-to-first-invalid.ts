// What a wizard's Next does when a field still fails: it takes the person to the first such field
// in the order the page shows them (focused, and scrolled to the middle of the window, clear of a
// phone's sticky header), and a toast says why nothing moved on. Without it an error below the fold
// on a phone, or any error for a keyboard or screen-reader user, looks like a Next that does nothing.
// The focus waits for the render that shows the fields' messages, so a screen reader reads each
// field with its message (aria-describedby), not before the message exists. Sign-up and the
// registration wizard both use it.
import { useCallback, useLayoutEffect, useState } from 'react';

import { toast, type ToastInput } from './use-toast';

type Notice = Pick<ToastInput, 'title' | 'description'>;

type Target = { root: ParentNode; names: ReadonlySet<string> };

const fixTheFields = (count: number): Notice => ({
  title: 'Fix the highlighted fields',
  description: count === 1 ? 'One field needs a change before you can go on.' : `${count} fields need a change before you can go on.`,
});

/**
 * Returns `goToFirstInvalid(root, names, notice?)`: `root` holds the step's controls, `names` are the
 * `name`s of those in error, `notice` the toast (the spec's words where it has some; else a count).
 */
export function useGoToFirstInvalid(): (root: ParentNode | null, names: Iterable<string>, notice?: Notice | null) => void {
  const [target, setTarget] = useState<Target | null>(null);

  useLayoutEffect(() => {
    if (!target) return;
    const control = [...target.root.querySelectorAll<HTMLElement>('[name]')].find((element) =>
      target.names.has(element.getAttribute('name') ?? ''),
    );
    control?.focus({ preventScroll: true });
    control?.scrollIntoView({ block: 'center' });
  }, [target]);

  return useCallback((root, names, notice) => {
    const invalid = new Set(names);
    const shown = notice ?? (invalid.size > 0 ? fixTheFields(invalid.size) : null);
    if (shown) toast({ ...shown, variant: 'destructive' });
    // A new object each time, so pressing Next again goes back to the field.
    if (root && invalid.size > 0) setTarget({ root, names: invalid });
  }, []);
}
