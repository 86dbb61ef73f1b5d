// Debian's Chromium driven by playwright-core (no browser download: none is possible here).
//
// Browser files run on Chromium's headless shell (Debian's chromium-headless-shell, the same
// Chromium release as the chromium package), as Playwright itself does for headless runs: it is the
// same Blink and V8 without the desktop browser around them, and took ~45 % less CPU than
// `chromium --headless` for the same pages (docs/architecture.md, "Where the time goes"). A test that
// needs what only the desktop browser has (its PDF viewer) asks for it with { desktop: true }.
// Without the headless shell installed, every test runs on the desktop browser.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** The executable a browser file runs: the headless shell when installed, unless `desktop` is asked for. */
function chromiumExecutable({ desktop = false }: { desktop?: boolean } = {}): string {
  return !desktop && existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;
}

export async function launchBrowser(options: { desktop?: boolean } = {}): Promise<Browser> {
  return await chromium.launch({
    executablePath: chromiumExecutable(options),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
