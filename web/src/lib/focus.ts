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

/**
 * Where a control (the button that opened a dialog) sits: its row in a list, and the region around
 * the list. Noted as the dialog opens, because the action may remove that row (a deleted admin, an
 * archived registration) and take the control with it.
 */
export interface ListPlace {
  readonly control: HTMLElement;
  readonly row: HTMLElement | null;
  readonly list: HTMLElement | null;
  readonly index: number;
  readonly region: HTMLElement | null;
}

export function placeOf(control: HTMLElement): ListPlace {
  const row = control.closest('li');
  const list = row?.parentElement ?? null;
  return {
    control,
    row,
    list,
    index: row && list ? Array.prototype.indexOf.call(list.children, row) : -1,
    region: control.closest<HTMLElement>('[role="dialog"], section, [role="tabpanel"]'),
  };
}

/**
 * Focus after a dialog opened from `place` closed. Back on its control, unless the action removed
 * the control's row (`removed`), or the control is gone: then on the row that took its place (or the
 * one before it, when it was the last), on the row itself when only the control went (a registration
 * now archived), or on the region when the list is gone too (its empty state shows instead).
 */
export function returnFocusTo(place: ListPlace, removed = false): void {
  if (!removed && moveFocusTo(place.control, { scroll: 'nearest' })) return;
  const row = place.row;
  if (row?.isConnected && !removed && moveFocusTo(row, { scroll: 'nearest' })) return;
  const rows = place.list?.isConnected ? Array.from(place.list.children).filter((el): el is HTMLElement => el instanceof HTMLElement && el !== row) : [];
  // The row may still be in the list, about to go: its neighbours stay, whichever renders first.
  const at = row?.isConnected ? rows.findIndex((el) => row.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) : place.index;
  const next = at < 0 ? rows.at(-1) : (rows[Math.min(at, rows.length - 1)] ?? rows.at(-1));
  if (moveFocusTo(next, { scroll: 'nearest' })) return;
  moveFocusTo(place.region, { scroll: 'nearest' });
}
