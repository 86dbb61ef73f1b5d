// Joins class names, skipping the falsy ones, so components can take conditional classes cleanly.
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
