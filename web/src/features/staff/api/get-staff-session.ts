// GET /api/admin/me: the signed-in staff member, from the HttpOnly staff cookie (the page never
// holds the token). A 401 means "no staff session"; the server decides, not a browser flag.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffSessionResponseSchema, type SignedInStaff } from '@titleledger/api/schemas';

import { ApiError, apiCall } from '@/lib/api-client';
import { STAFF_SESSION_KEY } from '@/lib/staff-session-key';

async function getStaffSession(): Promise<SignedInStaff | null> {
  try {
    return (await apiCall('GET', STAFF_SESSION_KEY, staffSessionResponseSchema)).admin;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const staffSessionQueryOptions = () => queryOptions({ queryKey: [STAFF_SESSION_KEY], queryFn: getStaffSession, staleTime: 60_000 });

export function useStaffSession() {
  return useQuery(staffSessionQueryOptions());
}
