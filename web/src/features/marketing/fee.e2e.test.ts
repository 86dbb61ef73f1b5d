// The fee has one source: with REGISTRATION_FEE_CENTS changed on the server, every page that states
// a price shows the new one (from GET /api/payment/config) and none still says the default.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { startTestApp } from '../../../../test/support/app.js';
import { launchBrowser } from '../../../../test/support/browser.js';
import { desktop, withPage } from '../../../../test/support/screens.js';

let app: Awaited<ReturnType<typeof startTestApp>>;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp({ REGISTRATION_FEE_CENTS: '1500' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test.each(['/', '/pricing', '/demo', '/resources', '/checkout'])('%s states the configured fee', async (route) => {
  await withPage(browser, { viewport: desktop }, async (page) => {
    await page.goto(`${app.url}${route}`);
    // Attached, not visible: the FAQ on /resources states it inside a closed disclosure.
    await page.getByText('$15.00').first().waitFor({ state: 'attached' });
    expect(await page.locator('body').textContent()).not.toContain('9.99');
  });
});
