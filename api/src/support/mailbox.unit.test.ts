// The support e-mails' limit counts inboxes, not spellings of an address.
import { describe, expect, it } from 'vitest';
import { mailboxOf } from './routes.js';

describe('mailboxOf', () => {
  it('drops +tags and case, and for Gmail the dots and the googlemail spelling', () => {
    expect(mailboxOf(' Ada+news@Example.com ')).toBe('ada@example.com');
    expect(mailboxOf('ada+1+2@example.com')).toBe('ada@example.com');
    expect(mailboxOf('A.D.A+x@gmail.com')).toBe('ada@gmail.com');
    expect(mailboxOf('a.da@googlemail.com')).toBe('ada@gmail.com');
  });

  it('keeps the dots that make other providers\' addresses different', () => {
    expect(mailboxOf('a.da@example.com')).toBe('a.da@example.com');
    expect(mailboxOf('ada@example.com')).not.toBe(mailboxOf('a.da@example.com'));
  });
});
