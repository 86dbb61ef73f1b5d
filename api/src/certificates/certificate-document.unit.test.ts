// The certificate prints what registrants wrote, in any script: each title and name comes back out
// of the rendered PDF's text layer as written. Left-to-right scripts are read with pdfText (the
// glyphs in file order). A PDF holds right-to-left text in drawing order, so those are read with
// pdf.js, a reader's extractor, which puts them back in reading order, and with pdfText, which shows
// the drawing order itself. (The certificate shows no description: there is none to check.)
import { afterAll, describe, expect, it } from 'vitest';
import { certificateDocument } from './certificate-document.js';
import { CertificatePool } from './certificate-pool.js';
import { pdfJsText, pdfText } from '../../../test/support/pdf-text.js';
import { pendingCertificate } from '../../../test/support/certificate-data.js';

const base = pendingCertificate();
const reversed = (text: string) => [...text].reverse().join('');

/** Titles and names people register, one per script the certificate has a font for. */
const leftToRight = [
  { script: 'Latin, extended and Vietnamese', title: 'Łódź nocą — Người lái đò', registrantName: 'Nguyễn Thị Ánh Søren Øster' },
  { script: 'Greek', title: 'Η Οδύσσεια του Ομήρου', registrantName: 'Γιώργος Παπαδόπουλος' },
  { script: 'Cyrillic', title: 'Война и мир', registrantName: 'Лев Николаевич Толстой' },
  { script: 'Chinese', title: '三体 第二部：黑暗森林', registrantName: '刘慈欣' },
  { script: 'Japanese', title: '夜のフェリー Night Ferry', registrantName: '山田 花子' },
  { script: 'Korean', title: '채식주의자 (소설)', registrantName: '한강' },
  // Words whose letters are drawn in the order they are written (see the next test for the others).
  { script: 'Devanagari', title: 'नमस्ते भारत', registrantName: 'राम चन्द्र' },
  { script: 'Bengali', title: 'আমার বাংলা ক্ষমা', registrantName: 'রবীন্দ্রনাথ ঠাকুর' },
  { script: 'Tamil', title: 'வணக்கம் உலகம்', registrantName: 'சுப்பிரமணிய பாரதி' },
  { script: 'Gujarati', title: 'નમસ્તે ગુજરાત', registrantName: 'મહાત્મા ગાંધી' },
  { script: 'Gurmukhi', title: 'ਸ੍ਰੀ ਅਕਾਲ ਪੰਜਾਬੀ', registrantName: 'ਗੁਰੂ ਨਾਨਕ' },
  { script: 'Telugu', title: 'ప్రపంచం తెలుగు', registrantName: 'కృష్ణ' },
  { script: 'Kannada', title: 'ಕನ್ನಡ ಕಿರು', registrantName: 'ಕುವೆಂಪು' },
  { script: 'Malayalam', title: 'നമസ്കാരം മലയാളം', registrantName: 'മുഹമ്മദ് ബഷീർ' },
  { script: 'Sinhala', title: 'සිංහල ලංකා', registrantName: 'මාර්ටින් වික්‍රමසිංහ' },
  { script: 'Thai', title: 'สวัสดีชาวโลก ที่นี่', registrantName: 'สมชาย ใจดี' },
  { script: 'Lao', title: 'ສະບາຍດີ ພາສາລາວ', registrantName: 'ສົມພອນ' },
  { script: 'Khmer', title: 'សួស្តី កម្ពុជា', registrantName: 'សុខ សុភា' },
  { script: 'Georgian', title: 'გამარჯობა მსოფლიო', registrantName: 'შოთა რუსთაველი' },
  { script: 'Armenian', title: 'Բարեւ աշխարհ', registrantName: 'Հովհաննես Թումանյան' },
  { script: 'Ethiopic', title: 'ሰላም ልዑል ዓለም', registrantName: 'ኃይለ ሥላሴ' },
  { script: 'emoji', title: 'Waves 🌊🔥 and a family 👨‍👩‍👧 in 🇯🇵', registrantName: 'Ada 😀 Lovelace' },
];

describe('certificate text in every script', { timeout: 60_000 }, () => {
  const pool = new CertificatePool(1);
  afterAll(() => pool.close());
  const render = (data: Partial<typeof base>) => pool.render(certificateDocument({ ...base, ...data }), base.verifyUrl);

  it.each(leftToRight)('prints a $script title and name as written', async ({ title, registrantName }) => {
    const text = pdfText(await render({ title, registrantName }));
    expect(text).toContain(title);
    expect(text).toContain(`Registered by ${registrantName}`);
  });

  it.each([
    { script: 'Devanagari', title: 'हिन्दी', drawn: 'िहन्दी' },
    // ো (o) is drawn in two parts, ে before the consonant and া after it.
    { script: 'Bengali', title: 'সোনার', drawn: 'েসানার' },
    { script: 'Tamil', title: 'கொடு', drawn: 'ெகாடு' },
    { script: 'Malayalam', title: 'കൊടി', drawn: 'െകാടി' },
  ])('draws a $script vowel sign before its consonant, where text extractors then read it', async ({ title, drawn }) => {
    // ि (i) is written after ह but drawn before it: a PDF's text is in drawing order, and neither
    // pdf.js nor this reader reorders Indic text (an ActualText span would, but poppler's layout
    // mode then drops the word entirely).
    const pdf = await render({ title });
    expect(pdfText(pdf)).toContain(drawn);
    expect(await pdfJsText(pdf)).toContain(drawn);
  });

  it('prints a character no font has as U+FFFD, keeping the rest', async () => {
    const text = pdfText(await render({ title: 'Private \uE000 use', registrantName: 'Ada\uE001' }));
    expect(text).toContain('Private \uFFFD use');
    expect(text).toContain('Registered by Ada\uFFFD');
  });

  it('prints Arabic and Hebrew as written: shaped, and drawn right to left', async () => {
    const pdf = await render({ title: 'The Lighthouse Keeper 🌊 — مرحبا بالعالم', registrantName: 'محمد علي' });
    // pdf.js reads the lines back in reading order.
    expect(await pdfJsText(pdf)).toContain('The Lighthouse Keeper 🌊 — مرحبا بالعالم');
    expect(await pdfJsText(pdf)).toContain('Registered by محمد علي');
    // The file holds them in drawing order: the right-to-left run reversed, its first word rightmost;
    // the joined letters' contextual forms map back to the letters.
    expect(pdfText(pdf)).toContain(`The Lighthouse Keeper 🌊 — ${reversed('مرحبا بالعالم')}`);
    expect(pdfText(pdf)).toContain(`Registered by ${reversed('محمد علي')}`);

    // A right-to-left title with English in it: drawn from its end, the dash between.
    const hebrew = await render({ title: 'שלום עולם — Hello (2024)', registrantName: 'דוד כהן' });
    expect(await pdfJsText(hebrew)).toContain('שלום עולם');
    expect(await pdfJsText(hebrew)).toContain('Registered by דוד כהן');
    expect(pdfText(hebrew)).toContain(`Hello (2024)${reversed('שלום עולם — ')}`);
  });

  it('sets a title that starts right to left as a right-to-left line, its number and brackets left to right', async () => {
    const pdf = await render({ title: 'ألف ليلة وليلة (2024)' });
    // Drawn: "(2024)" leftmost, then the words from the last to the first.
    expect(pdfText(pdf)).toContain(`(2024) ${reversed('ألف ليلة وليلة')}`);
    expect(await pdfJsText(pdf)).toContain('ألف ليلة وليلة');
  });

  it('tells the verifier what its link opens and what to compare there (QA verifyux finding 2)', async () => {
    const text = pdfText(await render({})).replace(/\s+/g, ' ');
    expect(text).toContain(base.verifyUrl);
    // The link opens the registry's record, which compares nothing: the reader compares the paper with it.
    expect(text).toContain("It shows the registry's record of this TR number, with its blockchain proof.");
    expect(text).toContain('A genuine certificate matches it exactly: title, registrant, date and both hashes.');
    expect(text).not.toContain('Verification compares the TR number and cryptographic hash');
  });

  it('keeps a CJK certificate small: only the glyphs used are embedded', async () => {
    const pdf = await render({ title: '夜のフェリー Night Ferry', registrantName: '山田 花子' });
    console.log(`certificate with a Japanese title and name: ${pdf.length} bytes`);
    expect(pdf.length).toBeLessThan(40_000);
  });
});
