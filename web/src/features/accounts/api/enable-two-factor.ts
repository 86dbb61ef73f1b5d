// POST /api/user/2fa/enable: starts two-factor setup and returns the QR code and the secret.
// Nothing is switched on until a code from the authenticator is verified.
import { useMutation } from '@tanstack/react-query';
import { twoFactorSetupResponseSchema } from '@titleledger/api/schemas';

import { apiRequest } from '@/lib/api-client';

export type TwoFactorSetup = { qrCode: string; secret: string };

async function enableTwoFactor(): Promise<TwoFactorSetup> {
  const response = await apiRequest('POST', '/api/user/2fa/enable');
  return twoFactorSetupResponseSchema.parse(await response.json());
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
