// Which characters a text field refuses, without zod: the schemas' text type (text.ts) uses it, and
// so does a check the web app runs while painting its first page (search-term.ts), where zod is
// not loaded yet.

export interface TextProblemOptions {
  /** Newlines and tabs allowed (a description, a message). */
  readonly multiline?: boolean;
  /** A person's or a work's name: bidi controls refused too. */
  readonly name?: boolean;
}

/* eslint-disable no-control-regex -- refusing control characters is the point */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */
const LONE_SURROGATE = /\p{Cs}/u;
/** Bidi embedding, override and isolate controls: refused in names, dropped by `isolate` (isolate.ts). */
const BIDI_CONTROL_CHARS = '\u202A-\u202E\u2066-\u2069';
const BIDI_CONTROL = new RegExp(`[${BIDI_CONTROL_CHARS}]`);
export const BIDI_CONTROLS = new RegExp(`[${BIDI_CONTROL_CHARS}]`, 'g');

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why `value` cannot be stored as `label`, or null when it can. */
export function textProblem(value: string, label: string, options: TextProblemOptions = {}): string | null {
  const control = (options.multiline ? CONTROL_MULTILINE : CONTROL).exec(value);
  if (control) {
    const allowed = options.multiline ? ' (only line breaks and tabs are allowed)' : '';
    return `${label} contains a control character (${codePoint(control[0])}) that is not allowed${allowed}.`;
  }
  const surrogate = LONE_SURROGATE.exec(value);
  if (surrogate) return `${label} contains an invalid character (an unpaired surrogate ${codePoint(surrogate[0])}).`;
  const bidi = options.name ? BIDI_CONTROL.exec(value) : null;
  if (bidi) return `${label} contains a text-direction control character (${codePoint(bidi[0])}) that is not allowed in names.`;
  return null;
}
