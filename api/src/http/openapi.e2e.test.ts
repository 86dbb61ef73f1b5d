// /api/docs in Chromium: Swagger UI renders every operation of /api/openapi.json under the page's
// strict CSP, with no script or style refused.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { startTestApp } from '../../../test/support/app.js';
import { launchBrowser } from '../../../test/support/browser.js';
import { desktop, withPage } from '../../../test/support/screens.js';

let app: Awaited<ReturnType<typeof startTestApp>>;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test('/api/docs lists every documented operation, nothing refused by the CSP', async () => {
  const document = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.values(document.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
  await withPage(browser, { viewport: desktop }, async (page) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`${app.url}/api/docs/`);
    await page.locator('.opblock').first().waitFor();
    expect(await page.locator('.opblock').count()).toBe(operations);
    await expect.poll(() => page.getByText('/api/copyright/submit-registration').count()).toBeGreaterThan(0);
    expect(refused).toEqual([]);
  });
});
