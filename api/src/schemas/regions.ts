// Countries and their states/regions, for addresses (sign-up, billing, profile). One country so far:
// the United States, with every state, the District of Columbia, and the inhabited territories and
// the minor outlying islands (USPS / ISO 3166-2:US codes). Another country is one more entry in
// COUNTRIES with its regions; forms list `regionsOf(country)` and the schemas check against it.
// Browser-safe: shared by the API and the web app.
import { z } from 'zod';

export interface Region {
  readonly code: string;
  readonly name: string;
}

export const US_REGIONS = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
  { code: 'AS', name: 'American Samoa' },
  { code: 'GU', name: 'Guam' },
  { code: 'MP', name: 'Northern Mariana Islands' },
  { code: 'PR', name: 'Puerto Rico' },
  { code: 'VI', name: 'U.S. Virgin Islands' },
  { code: 'UM', name: 'U.S. Minor Outlying Islands' },
] as const satisfies readonly Region[];

export type UsRegionCode = (typeof US_REGIONS)[number]['code'];

export const COUNTRIES = [{ code: 'US', name: 'United States', regionLabel: 'State', regions: US_REGIONS }] as const;
export type CountryCode = (typeof COUNTRIES)[number]['code'];

/** The regions of a country (empty for a country we do not list). */
export function regionsOf(country: string): readonly Region[] {
  return COUNTRIES.find((c) => c.code === country)?.regions ?? [];
}

export const US_REGION_CODES = US_REGIONS.map((region) => region.code) as [UsRegionCode, ...UsRegionCode[]];

/** A US state or territory by its two-letter code; lower case is accepted and upper-cased. */
export const usRegionSchema = z
  .string({ message: 'Choose a US state or territory' })
  .trim()
  .toUpperCase()
  .pipe(z.enum(US_REGION_CODES, { message: 'Choose a US state or territory (two-letter code, e.g. CA)' }));

const REGION_CODES: ReadonlySet<string> = new Set(US_REGION_CODES);

/** The same check with a plain string out, for forms that hold the field as text (profile, billing). */
export const usRegionTextSchema = z
  .string({ message: 'Choose a US state or territory' })
  .trim()
  .toUpperCase()
  .refine((code) => REGION_CODES.has(code), { message: 'Choose a US state or territory (two-letter code, e.g. CA)' });
