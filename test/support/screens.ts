// What every browser test does with a screen: open a page at the two widths the product is held to
// (1280 and 375 px), in the theme E2E_THEME names; check it does not scroll sideways and has no
// serious or critical axe violation; save a screenshot to $SCREENSHOT_DIR when that is set.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';

export const desktop = { width: 1280, height: 800 } as const;
export const mobile = { width: 375, height: 812 } as const;
/** A current phone (the QA passes' 390 × 844), beside the desktop: `atBothWidths(…, { widths: PHONE_AND_DESKTOP })`. */
export const PHONE_AND_DESKTOP = [
  ['1280', desktop],
  ['390', { width: 390, height: 844 }],
] as const;
export const WIDTHS = [
  ['1280', desktop],
  ['375', mobile],
] as const;
/**
 * One of WIDTHS, for a journey clicked through at that width alone (`test.each(AT_375)('at %s px: …')`)
 * whose every screen is held to both (expectSoundLayoutAtBothWidths).
 */
export const AT_1280 = [WIDTHS[0]] as const;
export const AT_375 = [WIDTHS[1]] as const;

/** $SCREENSHOT_DIR, made when first asked for; undefined when screenshots are not wanted. */
export function screenshotDir(): string | undefined {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) mkdirSync(dir, { recursive: true });
  return dir;
}

/** A fresh browser context at desktop width, in the dark theme when E2E_THEME=dark. */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: desktop, ...options });
  // Playwright's 30 s default for a click or a wait is a hang detector too: under load (~25 on 2 cores)
  // a page waiting on a projection took longer. Waits still end as soon as the state is there.
  context.setDefaultTimeout(90_000);
  if (process.env.E2E_THEME === 'dark') await context.addInitScript(() => localStorage.setItem('titleledger-theme', 'dark'));
  await context.addInitScript(recordToasts);
  return context;
}

interface SeenToast {
  text: string;
  /** Matched by an expectToast already: a later one must be a later toast. */
  taken: boolean;
}
type ToastLog = { __toastsSeen?: SeenToast[] };

/**
 * Runs in every page before its own scripts: keeps the text of every toast (`.toast`) the page shows,
 * in order. A toast closes after 5 s and leaves the DOM; a test process stalled that long (load 20+)
 * would wait for it in vain. The page records it as it opens, in the browser, whatever the test does.
 */
function recordToasts(): void {
  const seen: SeenToast[] = [];
  const entries = new WeakMap<Element, SeenToast>();
  const look = () => {
    for (const element of document.querySelectorAll('.toast')) {
      const text = element.textContent ?? '';
      const entry = entries.get(element);
      if (!entry) {
        const added = { text, taken: false };
        entries.set(element, added);
        seen.push(added);
      } else if (!entry.taken) entry.text = text;
    }
  };
  (window as unknown as ToastLog).__toastsSeen = seen;
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
}

const folded = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Waits for a toast showing every one of `texts` (as Playwright's hasText: case and spacing aside)
 * to have opened on `page` (of a `newContext` context) since the toast an earlier call matched. It
 * need not be on screen any more: pages record their toasts (recordToasts).
 */
export async function expectToast(page: Page, ...texts: string[]): Promise<void> {
  const wanted = texts.map(folded);
  const take = () =>
    page.evaluate((wanted) => {
      const seen = (window as unknown as ToastLog).__toastsSeen;
      if (!seen) throw new Error('this page records no toasts: open it in a context from newContext()');
      const fold = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
      const at = seen.findIndex((toast) => !toast.taken && wanted.every((w) => fold(toast.text).includes(w)));
      if (at < 0) return seen.filter((toast) => !toast.taken).map((toast) => toast.text);
      for (const toast of seen.slice(0, at + 1)) toast.taken = true;
      return true;
    }, wanted);
  await expect.poll(take, { message: `a toast showing ${JSON.stringify(texts)} (toasts since the last one matched are listed)` }).toBe(true);
}

/** The text of every toast `page` has shown since it loaded, matched or not, for checks that one never showed. */
export async function toastsShown(page: Page): Promise<string[]> {
  return page.evaluate(() => ((window as unknown as ToastLog).__toastsSeen ?? []).map((toast) => toast.text));
}

/** Runs `run` on a page of its own context, closed afterwards whatever happens. */
export async function withPage(browser: Browser, options: BrowserContextOptions, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await newContext(browser, options);
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** How far the page is wider than the window (0 or less: no sideways scrolling). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * axe for `page`, run in the page itself. Its default mode runs each frame apart and merges the
 * results in a blank page it opens for every run (loading axe there too); the app has no frames, and
 * the same rules then cost ~45% less time per run (1.2-2 s less each at load 8 on 2 cores, measured
 * side by side on /, /pricing and /verify: the same passes and violations).
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

interface AxeRuleSpec {
  readonly id: string;
  readonly impact?: string;
}

/**
 * The axe rules that can only ever report a moderate or minor violation: a rule with an impact of its
 * own gives every result that impact (axe-core's finalizeRuleResult), and the bar below is serious and
 * critical. Not running them leaves what the bar sees the same and takes ~20% off each check (0.56-0.70
 * instead of 0.66-0.94 renderer CPU-seconds a check, on /, /pricing, /verify, /register). Read from
 * axe-core's own rule list, so a rule whose impact an upgrade raises runs again.
 */
export function lowImpactAxeRules(): string[] {
  const axe = createRequire(import.meta.url)('axe-core') as { _audit?: { rules?: readonly AxeRuleSpec[] } };
  return (axe._audit?.rules ?? []).filter((rule) => rule.impact === 'moderate' || rule.impact === 'minor').map((rule) => rule.id);
}
let seriousRules: Record<string, { enabled: boolean }> | undefined;

/** The serious and critical axe violations on the page, each with where it is. */
async function seriousAxeViolations(page: Page): Promise<string[]> {
  seriousRules ??= {
    ...Object.fromEntries(lowImpactAxeRules().map((id) => [id, { enabled: false }])),
    // Also the experimental rule that an accessible name starts with the visible label (WCAG 2.5.3,
    // which Lighthouse checks): a speech-control user says what the button shows.
    'label-content-name-mismatch': { enabled: true },
  };
  // One options object: AxeBuilder's disableRules() and options() each replace the rules set before.
  const { violations } = await axeOn(page).options({ rules: seriousRules }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

/** The innermost elements that reach past the window's right edge, so a failure says what to fix. */
const overflowingElements = (page: Page) =>
  page.evaluate(() => {
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 4).join('.')}` : ''}`;
    const wide = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5);
    return wide
      .filter((el) => !wide.some((other) => other !== el && el.contains(other)))
      .slice(0, 3)
      .map((el) => `${describe(el)} (right edge ${Math.round(el.getBoundingClientRect().right)} px)`);
  });

/** Holds the page to the layout and accessibility bar at the current width. */
export async function expectSoundLayout(page: Page, what: string): Promise<void> {
  // A resize reaches some parts a frame or more later (charts follow a ResizeObserver): wait for the
  // page to settle, and fail only on an overflow that stays, naming what sticks out.
  const settled = await expect
    .poll(() => sidewaysOverflow(page), { interval: 50 })
    .toBeLessThanOrEqual(0)
    .then(
      () => true,
      () => false,
    );
  if (!settled) {
    const overflow = await sidewaysOverflow(page);
    expect(overflow, `no sideways scrolling (${what}): ${(await overflowingElements(page)).join('; ')}`).toBeLessThanOrEqual(0);
  }
  // A toast fading out (opacity 1 → 0 over 120 ms) reads to axe as text of too little contrast:
  // check the page once its animations have finished, and look again if one started meanwhile (a
  // toast's 5 s ran out during the check). A real violation is there both times.
  await animationsFinished(page);
  let violations = await seriousAxeViolations(page);
  if (violations.length > 0) {
    await animationsFinished(page);
    violations = await seriousAxeViolations(page);
  }
  expect(violations, `axe (${what})`).toEqual([]);
}

/** Resolves once no animation with an end is running (spinners, which never end, are ignored). */
async function animationsFinished(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

/**
 * The layout bar (expectSoundLayout) on the screen as it is, at its own width and then at the other
 * of WIDTHS; the page is then back at its own width. For a journey clicked through at one width: its
 * screens are held to both without clicking through it twice.
 */
export async function expectSoundLayoutAtBothWidths(page: Page, what: string): Promise<void> {
  const own = page.viewportSize() ?? desktop;
  await expectSoundLayout(page, `${what} at ${own.width} px`);
  for (const [label, viewport] of WIDTHS) {
    if (viewport.width === own.width) continue;
    await page.setViewportSize(viewport);
    await expectSoundLayout(page, `${what} at ${label} px`);
  }
  await page.setViewportSize(own);
}

/**
 * At 1280 and 375 px: a screenshot `<name>-<width>.png` when $SCREENSHOT_DIR is set, and with
 * `check`, the layout and accessibility bar. Leaves the page at desktop width.
 */
export async function atBothWidths(
  page: Page,
  name: string,
  options: {
    check?: boolean;
    widths?: ReadonlyArray<readonly [string, { width: number; height: number }]>;
    /** false: the window only (a dialog, which a full-page shot stretches over the whole page). */
    fullPage?: boolean;
  } = {},
): Promise<void> {
  const dir = screenshotDir();
  if (!dir && !options.check) return;
  for (const [label, viewport] of options.widths ?? WIDTHS) {
    await page.setViewportSize(viewport);
    if (options.check) await expectSoundLayout(page, `${name} at ${label} px`);
    if (dir) await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), fullPage: options.fullPage ?? true });
  }
  await page.setViewportSize(desktop);
}
