// GET /api/search (the public registration search) and GET /api/stats/public (landing figures).
import { z } from 'zod';
import { SEARCH_MAX_LENGTH, SEARCH_MESSAGES, SEARCH_MIN_LENGTH, SEARCH_TERM_LABEL } from './search-term.js';
import { text } from './text.js';

// The rule, zod-free, for the web app's first paint; this schema applies the same one.
export * from './search-term.js';

export const searchQuerySchema = z.object({
  q: text(SEARCH_TERM_LABEL, {
    min: SEARCH_MIN_LENGTH,
    max: SEARCH_MAX_LENGTH,
    requiredMessage: SEARCH_MESSAGES.required,
    minMessage: SEARCH_MESSAGES.tooShort,
    maxMessage: SEARCH_MESSAGES.tooLong,
  }),
});

/** One public search hit: no owner, no contact details. */
export const searchResultSchema = z.object({
  tr_number: z.string(),
  title: z.string(),
  registrant_name: z.string(),
  material_type: z.string(),
  registration_date: z.string(),
  status: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResultsSchema = z.array(searchResultSchema);

export const publicStatsSchema = z.object({
  worksRegistered: z.number(),
  creators: z.number(),
  /** One anchored registration the demo page can verify for real, or null when there is none yet. */
  sample: z.object({ trNumber: z.string(), hash: z.string() }).nullable(),
});
export type PublicStats = z.infer<typeof publicStatsSchema>;
