// Where a new page starts, and where focus goes, in one place for every route. A browser loading a
// page shows it from the top (or at its #hash) and, on Back or Forward, where the reader left it; an
// SPA changes the page in place and would keep the last one's scroll position (a footer link on a
// phone opened the next page showing only its footer) and leave focus on the link that led there, or
// on <body> once that link is gone. So, when the path changes:
// - the view goes to the top, to the #hash's element, or on Back/Forward to the position kept for
//   that history entry (again as the page grows while it loads, until it is reached or the reader
//   scrolls, clicks or types);
// - focus goes to the page's main heading (the #hash's element when there is one), once it is
//   rendered, so a screen reader starts reading the new page; unless the page has put focus in
//   itself (a search box given a term) or the reader has gone into it meanwhile.
// A change of the query or hash alone (filters, tabs, the skip link) is the same page: nothing moves,
// unless a link's page replaced what had focus (/forgot-password?token=… to /forgot-password): then
// focus goes to the heading, as above.
// Positions are kept per history entry in sessionStorage, so a reload comes back to its place too.
//
// Plain DOM code, no React: the router calls `arrive` with each location (router.tsx), and loads this
// module after the first paint.
import { moveFocusTo } from '@/lib/focus';

/** A location the router has rendered, and how it got there (react-router's POP, PUSH or REPLACE). */
export interface Arrival {
  readonly key: string;
  readonly pathname: string;
  readonly hash: string;
  readonly navigation: string;
  /** What had focus before the new page rendered (the link that led here, often gone by now). */
  readonly leftFrom: Element | null;
}

const STORAGE_KEY = 'titleledger.scroll';
const KEPT_ENTRIES = 100;
/** What the reader does that stops the view being moved for them. */
const USER_INPUT = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
/** How long a restored position or a focus target is waited for while the page loads. */
const ARRIVAL_WAIT_MS = 10_000;

function readPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(Array.isArray(stored) ? (stored as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-KEPT_ENTRIES)));
  } catch {
    // Storage blocked or full: positions are kept for this page's life only.
  }
}

/** The element a #hash names, if the page has it. */
function hashTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

const mainHeading = () => document.querySelector('main')?.querySelector<HTMLElement>('h1') ?? null;

/** Runs `attempt` now and as the page changes, until it returns true or `ARRIVAL_WAIT_MS` pass. */
function untilDone(attempt: () => boolean): () => void {
  if (attempt()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  const resize = new ResizeObserver(() => {
    if (attempt()) stop();
  });
  const timer = setTimeout(() => stop(), ARRIVAL_WAIT_MS);
  function stop() {
    observer.disconnect();
    resize.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  resize.observe(document.documentElement);
  return stop;
}

/** Where each history entry was left, by its key; written out as the page is left. */
let positions: Map<string, number> | null = null;
let currentKey = '';
let lastPath: string | null = null;
/** Stops the last arrival's waiting: only a new path ends it (a page may change its query at once). */
let stopLast: (() => void) | null = null;

function keepPositions(): Map<string, number> {
  if (positions) return positions;
  const kept = readPositions();
  positions = kept;
  // The browser's own restoring would act before the next page has rendered, on the previous one.
  window.history.scrollRestoration = 'manual';
  let frame = 0;
  window.addEventListener(
    'scroll',
    () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => kept.set(currentKey, Math.round(window.scrollY)));
    },
    { passive: true },
  );
  window.addEventListener('pagehide', () => {
    kept.set(currentKey, Math.round(window.scrollY));
    writePositions(kept);
  });
  return kept;
}

/** Called before paint with each location the router renders, the first one included. */
export function arrive(to: Arrival): void {
  const kept = keepPositions();
  const firstArrival = lastPath === null;
  const pathChanged = lastPath !== to.pathname;
  lastPath = to.pathname;
  currentKey = to.key;
  if (!pathChanged) {
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (to.navigation === 'PUSH' && focusLost) moveFocusTo(mainHeading(), { scroll: false });
    return;
  }
  stopLast?.();
  stopLast = null;
  const position = to.navigation === 'POP' ? kept.get(to.key) : undefined;
  // A first load at the top needs nothing; a reload or a return from another site comes back.
  if (firstArrival && position === undefined) return;

  let readerActed = false;
  const markReader = () => {
    readerActed = true;
    stopWatchingReader();
  };
  const stopWatchingReader = () => {
    for (const type of USER_INPUT) window.removeEventListener(type, markReader);
  };
  for (const type of USER_INPUT) window.addEventListener(type, markReader, { passive: true });

  const stopScrolling = untilDone(() => {
    if (readerActed) return true;
    if (position !== undefined) {
      window.scrollTo(0, position);
      return Math.abs(window.scrollY - position) < 1;
    }
    const target = hashTarget(to.hash);
    if (target) {
      target.scrollIntoView({ block: 'start' });
      return true;
    }
    window.scrollTo(0, 0);
    return to.hash.length < 2;
  });
  stopLast = () => {
    stopScrolling();
    stopWatchingReader();
  };
  if (firstArrival) return;

  // The page's own choice of focus (inside main, and not what led here) is kept.
  const stopFocusing = untilDone(() => {
    const main = document.querySelector('main');
    const active = document.activeElement;
    const pageChoseFocus = active && active !== document.body && active !== to.leftFrom && main?.contains(active);
    if (pageChoseFocus) return true;
    const target = hashTarget(to.hash) ?? mainHeading();
    if (!target) return false;
    moveFocusTo(target, { scroll: false });
    return true;
  });
  stopLast = () => {
    stopScrolling();
    stopFocusing();
    stopWatchingReader();
  };
}
