// GET /api/admin/registrations-by-period?period=&limit=: registrations per day, week or month, oldest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { registrationsByPeriodSchema, type AdminPeriod } from '@titleledger/api/schemas';

import { ADMIN_PORTAL_KEY } from '@/lib/admin-portal-key';

import { adminRequest, withQuery } from './admin-request';

/** How many buckets each chart shows: a month of days, half a year of weeks, two years of months. */
const PERIOD_BUCKETS: Readonly<Record<AdminPeriod, number>> = { day: 30, week: 26, month: 24 };

const getRegistrationsByPeriod = (period: AdminPeriod) =>
  adminRequest(registrationsByPeriodSchema, 'GET', withQuery('/api/admin/registrations-by-period', { period, limit: PERIOD_BUCKETS[period] }));

const registrationsByPeriodQueryOptions = (period: AdminPeriod) =>
  queryOptions({ queryKey: [ADMIN_PORTAL_KEY, 'registrations-by-period', period], queryFn: () => getRegistrationsByPeriod(period) });

export function useRegistrationsByPeriod(period: AdminPeriod) {
  return useQuery({ ...registrationsByPeriodQueryOptions(period), placeholderData: keepPreviousData });
}
