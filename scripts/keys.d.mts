// Types for keys.mjs, for the TypeScript tests that import it.
export function generateKeys(): Record<string, string>;
export function formatDotenv(values: Record<string, string>): string;
