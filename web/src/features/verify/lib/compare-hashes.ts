// The spec's hash comparison (seed 000 §5): an exact string match. Only surrounding whitespace,
// which copy and paste picks up, is ignored; case, prefixes and inner characters all count.

export function normalizeHashInput(value: string): string {
  return value.trim();
}

export function hashesMatch(provided: string, expected: string): boolean {
  const a = normalizeHashInput(provided);
  return a !== '' && a === normalizeHashInput(expected);
}
