// Moving focus on purpose. When an action removes the control that had focus (a form replaced by its
// summary, a dialog closed by a button that is gone, a page left for the next), the browser drops
// focus to <body>: a screen reader loses its place and Tab starts again from the top. `moveFocusTo`
// puts it on what the user should read or do next (hooks/use-focus-on-next-mount.ts builds on it).
// No React here: app/page-arrival.ts, a chunk without React, uses it too, and importing React there
// split React from the JSX runtime into two chunks.

/** The sticky top bars' height (64 px) and a little: an element below it is in view. */
const TOP_BARS_PX = 80;

/** Focuses `element` (made focusable by script if it is not: tabindex -1), and brings it into view. */
export function moveFocusTo(element: HTMLElement | null | undefined, options: { scroll?: 'nearest' | 'center' | false } = {}): boolean {
  if (!element?.isConnected) return false;
  if (!element.matches('a[href], button, input, select, textarea, [tabindex]')) element.tabIndex = -1;
  element.focus({ preventScroll: true });
  const scroll = options.scroll ?? 'center';
  // Already in view below the top bars: left where it is, the page does not jump.
  const box = element.getBoundingClientRect();
  const inView = box.top >= TOP_BARS_PX && box.bottom <= window.innerHeight;
  // `center` clears a sticky top bar, which can cover an element scrolled to the nearest edge.
  if (scroll && !inView) element.scrollIntoView({ block: scroll });
  return document.activeElement === element;
}
