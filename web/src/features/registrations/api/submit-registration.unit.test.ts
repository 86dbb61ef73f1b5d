import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';

import { ADMIN_PORTAL_KEY } from '@/lib/admin-portal-key';

import { refreshAfterRegistration } from './submit-registration';

/** A client holding fresh data under `keys`, as a tab that has shown those screens does. */
function clientHolding(keys: ReadonlyArray<readonly unknown[]>): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const queryKey of keys) client.setQueryData(queryKey, { loaded: true });
  return client;
}

const invalidated = (client: QueryClient, queryKey: readonly unknown[]) => client.getQueryState(queryKey)?.isInvalidated;

describe('a registration', () => {
  test('refreshes the admin portal’s stats, lists and charts (seed 001 §4.1), under the portal’s own keys', async () => {
    // The keys as the portal's queries build them (features/admin-portal/api/get-*.ts).
    const portal = [
      [ADMIN_PORTAL_KEY, 'global-stats'],
      [ADMIN_PORTAL_KEY, 'registrations', '', '', 1],
      [ADMIN_PORTAL_KEY, 'users', 'ada', 2],
      [ADMIN_PORTAL_KEY, 'registrations-by-period', 'month'],
      [ADMIN_PORTAL_KEY, 'registrations-by-geo'],
      [ADMIN_PORTAL_KEY, 'material-type-stats'],
    ];
    const client = clientHolding([...portal, ['/api/auth/session']]);
    await refreshAfterRegistration(client);
    for (const key of portal) expect(invalidated(client, key), JSON.stringify(key)).toBe(true);
    expect(invalidated(client, ['/api/auth/session'])).toBe(false);
  });

  test('refreshes the creator’s dashboard stats and titles', async () => {
    const client = clientHolding([['/api/dashboard/stats'], ['/api/titles/user']]);
    await refreshAfterRegistration(client);
    expect(invalidated(client, ['/api/dashboard/stats'])).toBe(true);
    expect(invalidated(client, ['/api/titles/user'])).toBe(true);
  });

  test('drops the list of unused payments, so the next review step never offers the one just used', async () => {
    const client = clientHolding([['/api/payment/unused']]);
    await refreshAfterRegistration(client);
    expect(client.getQueryData(['/api/payment/unused'])).toBeUndefined();
  });
});
