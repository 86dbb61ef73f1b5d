// Configuration is environment variables with safe defaults, validated with zod at start.
// A bad value stops the start with a message naming the variable.
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const optionalUrl = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: port.default(3000),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  EVENTSTORE_URL: optionalUrl(['esdb://', 'esdb+discover://', 'kurrentdb://', 'kurrent://']),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PROJECTION_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  EVENT_POLL_INTERVAL_MS: positiveInt.max(10_000).default(20),
  WEB_DIST: z.string().optional(),
});

export type Config = z.infer<typeof configSchema> & { readonly dataDir: string; readonly publicUrl: string };

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`),
    );
  }
  const value = parsed.data;
  return {
    ...value,
    dataDir: path.resolve(value.DATA_DIR),
    publicUrl: value.PUBLIC_URL ?? `http://localhost:${value.PORT}`,
  };
}
