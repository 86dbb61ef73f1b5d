// GET /api/search (the public registration search) and GET /api/stats/public (landing figures).
import { z } from 'zod';
import { text } from './text.js';

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 200;

export const searchQuerySchema = z.object({
  q: text('Search term', {
    min: SEARCH_MIN_LENGTH,
    max: SEARCH_MAX_LENGTH,
    requiredMessage: 'Give a search term in the q parameter.',
    minMessage: `Search terms must be at least ${SEARCH_MIN_LENGTH} characters.`,
    maxMessage: `Search terms must be at most ${SEARCH_MAX_LENGTH} characters.`,
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
