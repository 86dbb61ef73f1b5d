// The landing page's first paint stays light (issue 18 item 3): reads the built web/dist (its vite
// manifest; `npm test` builds first) and fails when the JS `/` loads before its first paint grows
// past the budget, or when a page that is loaded on demand slips into it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';

import { initialJs, LANDING_JS_BUDGET_GZIP, readManifest, VERIFY_JS_BUDGET_GZIP, WEB_DIST } from './web-bundle.js';

// Route modules (and what they bring: Recharts, the wizard, Stripe, the staff portals) that must
// never be in the landing page's initial JS.
const ON_DEMAND = [
  'src/features/admin-portal/components/admin-portal.tsx',
  'src/app/routes/admin-portal-route.tsx',
  'src/app/routes/audit-route.tsx',
  'src/features/audit/components/audit-dashboard.tsx',
  'src/features/staff/components/master-admin-page.tsx',
  'src/features/staff/components/staff-login-page.tsx',
  'src/features/accounts/components/account-settings-page.tsx',
  'src/features/accounts/components/login-page.tsx',
  'src/features/accounts/components/sign-up-page.tsx',
  'src/features/settings/components/settings-page.tsx',
  'src/features/registrations/components/register-title-page.tsx',
  'src/features/registrations/components/dashboard-page.tsx',
  'src/features/checkout/components/checkout-page.tsx',
  'src/features/verify/components/verify-page.tsx',
  'src/app/layouts/app-layout.tsx',
];

describe('the landing page JS budget (web/dist)', () => {
  const manifest = readManifest();
  const landing = initialJs(undefined, undefined, manifest);

  test(`the JS loaded before the first paint of / is at most ${LANDING_JS_BUDGET_GZIP / 1024} kB gzip`, () => {
    expect(landing.files.length).toBeGreaterThan(0);
    expect(landing.gzipBytes).toBeLessThanOrEqual(LANDING_JS_BUDGET_GZIP);
  });

  test.each(ON_DEMAND)('%s is loaded on demand, never with the landing page', (module) => {
    const chunk = manifest[module];
    expect(chunk, `${module} has its own chunk`).toBeDefined();
    expect(chunk?.isEntry).toBeFalsy();
    expect(landing.files).not.toContain(chunk?.file);
  });

  test('a page loaded on demand adds its route chunk to the entry', () => {
    const verify = initialJs('src/features/verify/components/verify-page.tsx', undefined, manifest);
    expect(verify.files).toEqual(expect.arrayContaining([...landing.files, manifest['src/features/verify/components/verify-page.tsx']!.file]));
    expect(verify.gzipBytes).toBeGreaterThan(landing.gzipBytes);
  });

  test(`the JS loaded before the first paint of /verify is at most ${VERIFY_JS_BUDGET_GZIP / 1024} kB gzip`, () => {
    expect(initialJs('src/features/verify/components/verify-page.tsx', undefined, manifest).gzipBytes).toBeLessThanOrEqual(VERIFY_JS_BUDGET_GZIP);
  });

  // zod names each schema class it builds ("ZodObject"); a chunk holding zod holds that name, quoted
  // by the minifier with ", ' or `.
  test.each([
    ['/', undefined],
    ['/verify', 'src/features/verify/components/verify-page.tsx'],
  ])('zod is not in the JS %s loads before its first paint (schemas load with the first answer)', (_page, routeModule) => {
    const withZod = initialJs(routeModule, undefined, manifest).files.filter((file) => readFileSync(path.join(WEB_DIST, file), 'utf8').match(/["'`]ZodObject["'`]/));
    expect(withZod).toEqual([]);
  });

  test('the build ships a brotli and a gzip copy of each file the first paint loads, the same bytes inside', () => {
    for (const file of [...landing.files, 'index.html']) {
      const original = readFileSync(path.join(WEB_DIST, file));
      for (const [suffix, unpack] of [['.br', brotliDecompressSync], ['.gz', gunzipSync]] as const) {
        const copy = path.join(WEB_DIST, `${file}${suffix}`);
        expect(existsSync(copy), `${file}${suffix}`).toBe(true);
        expect(unpack(readFileSync(copy)).equals(original), `${file}${suffix} holds ${file}`).toBe(true);
      }
    }
  });
});
