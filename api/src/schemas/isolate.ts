// People's text inside a sentence that is one string (a toast, a dialog's question, an aria-label,
// a notification, an e-mail's subject or plain-text body): `isolate(title)` sets it between FIRST
// STRONG ISOLATE (U+2068) and POP DIRECTIONAL ISOLATE (U+2069), the plain-text form of HTML's <bdi>.
// The text then takes its direction from its own first strong character, and the sentence around it
// keeps its own: without it, a Hebrew or Arabic title pulls the quote marks, brackets and the Latin
// words after it into its right-to-left run ("“שלום” registered" reads as "registered “שלום”").
// Markup uses <bdi> instead (web: components/user-text.tsx). Browser-safe and without zod, so the
// web app and the API share this one implementation (`@titleledger/api/schemas/isolate`).
//
// The text cannot break out of its isolate: any bidi embedding, override or isolate control in it
// (U+202A–U+202E, U+2066–U+2069) is dropped first. The schemas already refuse them in names and
// titles (text-problem.ts), but a description, a reason or a file name may hold them, and an
// unmatched PDI would close this isolate early and let the rest of the title reorder the sentence.
import { BIDI_CONTROLS } from './text-problem.js';

export const FSI = '\u2068';
export const PDI = '\u2069';

/** `text` as a unit of its own direction inside a plain-text sentence. */
export function isolate(text: string): string {
  return `${FSI}${text.replace(BIDI_CONTROLS, '')}${PDI}`;
}
