// GET /api/search?q= (public registration search) and GET /api/stats/public (landing figures).
import type { App } from '../http/app.js';
import { isUndefinedTable } from '../db/missing.js';
import { validationMessage } from '../http/errors.js';
import { publicStatsSchema, searchQuerySchema, searchResultsSchema } from '../schemas/search.js';
import { publicStats } from './public-stats.js';
import { searchRegistrations } from './search-registrations.js';

export async function searchRoutes(app: App): Promise<void> {
  app.get(
    '/search',
    {
      schema: { tags: ['search'], summary: 'Public registration search (archived registrations never appear)', querystring: searchQuerySchema, response: { 200: searchResultsSchema } },
      // The search box shows the message as it is ("Search terms must be at least 2 characters.").
      schemaErrorFormatter: validationMessage(),
    },
    async (request) => {
      try {
        return await searchRegistrations(app.deps.pool, request.query.q);
      } catch (error) {
        // 42P01: the registrations read model is not there yet (fresh install mid-migration).
        if (isUndefinedTable(error)) return [];
        throw error;
      }
    },
  );

  app.get('/stats/public', { schema: { tags: ['search'], summary: 'The landing figures', response: { 200: publicStatsSchema } } }, async () => publicStats(app.deps.pool));
}
