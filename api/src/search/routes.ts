// GET /api/search?q= (public registration search) and GET /api/stats/public (landing figures).
import { z } from 'zod';
import { text } from '../schemas/text.js';
import { validationError } from '../errors.js';
import type { App } from '../http/app.js';
import { publicStats } from './public-stats.js';
import { searchRegistrations } from './search-registrations.js';

const SEARCH_MIN_LENGTH = 2;
const SEARCH_MAX_LENGTH = 200;

const searchQuerySchema = z.object({
  q: text('Search term', {
    min: SEARCH_MIN_LENGTH,
    max: SEARCH_MAX_LENGTH,
    requiredMessage: 'Give a search term in the q parameter.',
    minMessage: `Search terms must be at least ${SEARCH_MIN_LENGTH} characters.`,
    maxMessage: `Search terms must be at most ${SEARCH_MAX_LENGTH} characters.`,
  }),
});

export async function searchRoutes(app: App): Promise<void> {
  app.get('/search', async (request) => {
    const parsed = searchQuerySchema.safeParse(request.query ?? {});
    if (!parsed.success) throw validationError(parsed.error.issues[0]!.message);
    try {
      return await searchRegistrations(app.deps.pool, parsed.data.q);
    } catch (error) {
      // 42P01: the registrations read model is not there yet (fresh install mid-migration).
      if ((error as { code?: string }).code === '42P01') return [];
      throw error;
    }
  });

  app.get('/stats/public', async () => publicStats(app.deps.pool));
}
