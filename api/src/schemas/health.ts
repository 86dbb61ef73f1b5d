// GET /api/health: the instance's state and each component's (see api/src/http/health.ts).
import { z } from 'zod';

const healthStatusSchema = z.enum(['ok', 'degraded', 'down']);

const componentHealthSchema = z.object({
  status: healthStatusSchema,
  /** Why, when it is not ok, and the component's own figures (read-model lag, the chain, uptime). */
  details: z.record(z.string(), z.unknown()).optional(),
});

/** 200 when ok or degraded, 503 when down (take this instance out of rotation). */
export const healthSchema = z.object({
  status: healthStatusSchema,
  components: z.record(z.string(), componentHealthSchema),
});
