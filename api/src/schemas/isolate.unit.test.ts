// People's text in a one-string sentence is set in an isolate it cannot leave.
import { describe, expect, it } from 'vitest';
import { registrationSubmissionSchema } from './registrations.js';
import { staffInviteRequestSchema } from './staff.js';
import { FSI, isolate, PDI } from './isolate.js';

/** Each isolate initiator (LRI, RLI, FSI) opened in `text` and closed by a PDI, in order; false when a PDI closes nothing or one stays open. */
function balanced(text: string): boolean {
  let open = 0;
  for (const char of text) {
    if (char === '\u2066' || char === '\u2067' || char === '\u2068') open += 1;
    if (char === '\u2069') {
      if (open === 0) return false;
      open -= 1;
    }
  }
  return open === 0;
}

describe('isolate()', () => {
  it('sets the text between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, as it is', () => {
    expect(FSI).toBe('\u2068');
    expect(PDI).toBe('\u2069');
    expect(isolate('שלום עולם — Hello (2024)')).toBe('\u2068שלום עולם — Hello (2024)\u2069');
    expect(`“${isolate('محمد علي')}” registered`).toBe('“\u2068محمد علي\u2069” registered');
    expect(isolate('')).toBe('\u2068\u2069');
  });

  it('keeps marks and joiners, which cannot end an isolate (LRM, RLM, ALM, ZWJ)', () => {
    expect(isolate('a\u200Eb\u200Fc\u061Cd\u200De')).toBe('\u2068a\u200Eb\u200Fc\u061Cd\u200De\u2069');
  });

  it('drops every embedding, override and isolate control in the text, so an unmatched PDI cannot close it early', () => {
    const hostile = 'שלום\u2069 registered\u202E txt.exe\u2066\u2067\u2068\u202A\u202B\u202C\u202D';
    const isolated = isolate(hostile);
    expect(isolated).toBe('\u2068שלום registered txt.exe\u2069');
    expect(balanced(`“${isolated}” registered`)).toBe(true);
    // Without the dropping, the title's PDI would close the isolate at once.
    expect(balanced(`“\u2068${hostile}\u2069” registered`)).toBe(false);
    // Every occurrence, not only the first.
    expect(isolate('\u2069\u2069a\u2069')).toBe('\u2068a\u2069');
  });

  it('is idempotent in effect: isolating an isolated text leaves one isolate', () => {
    expect(isolate(isolate('שלום'))).toBe('\u2068שלום\u2069');
  });
});

describe('the schemas of names and titles', () => {
  // What isolate() relies on besides its own dropping: a title or name with a bidi control never reaches the log.
  const fields = {
    materialType: 'Book',
    intendedMedium: 'TV',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '3105551234',
    address: '12 Engine Road',
    paymentSessionId: 'lcs_1',
  };

  it('refuse an unmatched PDI or an override in a title or a name', () => {
    for (const title of ['שלום\u2069 x', '\u202Eabc', '\u2068שלום']) {
      const result = registrationSubmissionSchema.safeParse({ ...fields, title });
      expect(result.success, JSON.stringify(title)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^Title contains a text-direction control character/);
    }
    const named = registrationSubmissionSchema.safeParse({ ...fields, title: 'Fine', lastName: 'Lovelace\u2069' });
    expect(named.error?.issues[0]?.message).toMatch(/^Last name contains a text-direction control character/);
  });

  it('refuse them in a staff member’s name', () => {
    const result = staffInviteRequestSchema.safeParse({ email: 'new@example.com', firstName: 'דנה\u2069', lastName: 'Levi', role: 'admin' });
    expect(result.error?.issues[0]?.message).toMatch(/^First name contains a text-direction control character/);
  });
});
