// The one text type every schema's text field is built from (browser-safe). What the log and the
// read models can hold is decided here, at the edge, once: no NUL or other C0/C1 control character
// (newline and tab only in multi-line fields, CR LF becomes LF), no unpaired surrogate (Postgres
// refuses both in text and jsonb), no bidi embedding/override/isolate in names (they make a name
// display as something else), NFC normalisation, and a maximum length. Every message names the field.
import { z } from 'zod';
import { textProblem } from './text-problem.js';

export { textProblem };

export interface TextOptions {
  /** Longest accepted value, in characters (code points, as zod counts them) after normalisation and trimming. */
  readonly max: number;
  readonly min?: number;
  /** Message when shorter than `min` (default "<label> is required" for 1, else "at least"). */
  readonly minMessage?: string;
  readonly maxMessage?: string;
  /** Message when the value is missing or not a string. */
  readonly requiredMessage?: string;
  /** Newlines and tabs allowed (a description, a message). */
  readonly multiline?: boolean;
  /** A person's or a work's name: bidi controls refused too. */
  readonly name?: boolean;
  /** Trim surrounding white space (default true; secrets keep theirs). */
  readonly trim?: boolean;
  /** NFC-normalise (default true; secrets are hashed as typed). */
  readonly normalize?: boolean;
}

/** A text field: a `z.ZodString`, so `.regex`, `.refine`, `.optional`, `.pipe` still chain. */
export function text(label: string, options: TextOptions): z.ZodString {
  const { max, min, multiline = false, name = false, trim = true, normalize = true } = options;
  let schema = z.string({ error: options.requiredMessage ?? `${label} is required` });
  if (multiline) schema = schema.overwrite((v) => v.replace(/\r\n?/g, '\n'));
  schema = schema.refine((v) => textProblem(v, label, { multiline, name }) === null, {
    error: (issue) => textProblem(String(issue.input), label, { multiline, name }) ?? `${label} is not valid text.`,
    abort: true,
  });
  if (normalize) schema = schema.normalize('NFC');
  if (trim) schema = schema.trim();
  if (min !== undefined && min > 0) {
    schema = schema.min(min, options.minMessage ?? (min === 1 ? `${label} is required` : `${label} must be at least ${min} characters`));
  }
  return schema.max(max, options.maxMessage ?? `${label} must be at most ${max} characters`);
}

/** An identifier from a URL or a form (a TR number, a payment session id): printable ASCII only. */
export function identifier(label: string, max: number): z.ZodString {
  return z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .regex(/^[\x21-\x7E]+$/, `${label} may only contain printable ASCII characters, without spaces`);
}
