// POST /api/user/2fa/enable: starts two-factor setup and returns the QR code and the secret.
// Nothing is switched on until a code from the authenticator is verified.
import { useMutation } from '@tanstack/react-query';
import { twoFactorStartedSchema } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

export type TwoFactorSetup = { qrCode: string; secret: string };

async function enableTwoFactor(): Promise<TwoFactorSetup> {
  const { qrCode, secret } = await apiCall('POST', '/api/user/2fa/enable', twoFactorStartedSchema);
  return { qrCode, secret };
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
