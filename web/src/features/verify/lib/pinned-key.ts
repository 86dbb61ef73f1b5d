// Which registry key the pinned `npm run verify` command names for a `.tr` file: the one the file's
// signature names when the registry lists it (a file signed before a rotation needs that older key),
// else the current one (with which a file signed by any other key fails, as it should).
import type { RegistryKeysResponse } from '@titleledger/api/schemas';

type RegistryKey = RegistryKeysResponse['keys'][number];

export function keyToPin(keys: readonly RegistryKey[] | undefined, signedBy: string | null): RegistryKey | undefined {
  return keys?.find((k) => k.publicKey === signedBy) ?? keys?.find((k) => k.current);
}
