// The state/region choices of an address form, from the shared list (api/src/schemas/regions.ts):
// every US state and territory by name, the two-letter code as the value.
import { regionsOf } from '@titleledger/api/schemas';

export type RegionOption = { value: string; label: string };

export function regionOptions(country = 'US', current?: string): RegionOption[] {
  const options = regionsOf(country).map((region) => ({ value: region.code, label: region.name }));
  // An older profile may hold a value that is no longer offered: keep it visible rather than blank.
  if (current && !options.some((option) => option.value === current)) options.push({ value: current, label: current });
  return options;
}
