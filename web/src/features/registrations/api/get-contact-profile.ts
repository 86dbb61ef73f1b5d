// GET /api/auth/me, read for the contact step: the signed-in user's name, e-mail, phone and
// address. Its own key, fetched fresh on entering the step, so a profile edit made elsewhere shows.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

type ContactProfile = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
};

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** One line of address from the profile's parts ("12 Main St, Springfield, CA 90210"). */
function fullAddress(user: Record<string, unknown>): string {
  const street = text(user.address);
  const city = text(user.city);
  const stateZip = [text(user.state), text(user.zipCode)].filter(Boolean).join(' ');
  return [street, city, stateZip].filter(Boolean).join(', ');
}

async function getContactProfile(): Promise<ContactProfile> {
  const user = await apiCall('GET', '/api/auth/me', userSchema);
  const fullName = text(user.fullName);
  const [firstFromFull = '', ...restOfFull] = fullName.split(/\s+/).filter(Boolean);
  return {
    firstName: text(user.firstName) || firstFromFull,
    lastName: text(user.lastName) || restOfFull.join(' '),
    email: text(user.email),
    phone: text(user.phone),
    address: fullAddress(user),
  };
}

const contactProfileQueryOptions = () =>
  queryOptions({ queryKey: ['/api/auth/me', 'contact'], queryFn: getContactProfile, staleTime: 0 });

export function useContactProfile({ enabled }: { enabled: boolean }) {
  return useQuery({ ...contactProfileQueryOptions(), enabled });
}
