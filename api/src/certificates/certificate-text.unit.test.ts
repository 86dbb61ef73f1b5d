// How a certificate text becomes runs: which font each part takes, and the bidi levels the render
// worker places runs by. The rendered result is checked in certificate-document.unit.test.ts.
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { FALLBACK_FILES, FALLBACK_FONTS, fallbackFonts } from './certificate-fonts.js';
import { certificateText } from './certificate-text.js';

const runs = (text: string) => certificateText(text, fallbackFonts);

describe('certificate text', () => {
  it('finds every fallback family\'s regular and bold file', () => {
    for (const font of FALLBACK_FONTS) {
      expect(existsSync(FALLBACK_FILES[font].normal), font).toBe(true);
      expect(existsSync(FALLBACK_FILES[font].bold), font).toBe(true);
    }
  });

  it('leaves a text Helvetica encodes as it is, so Latin certificates do not change', () => {
    for (const text of ['The Long Night — a novel', 'Œuvre complète, “quoted” … 5 €', 'Straße', '']) expect(runs(text)).toBe(text);
  });

  it('sets what Helvetica cannot print in a family that can, and leaves the rest in Helvetica', () => {
    expect(runs('Night 夜')).toEqual([{ text: 'Night ' }, { text: '夜', font: 'NotoSansSC' }]);
    expect(runs('Wave 🌊')).toEqual([{ text: 'Wave ' }, { text: '🌊', font: 'NotoEmoji' }]);
  });

  it('sets a text that needs Noto Sans in it throughout, not in two typefaces', () => {
    expect(runs('Łódź by night')).toEqual([{ text: 'Łódź by night', font: 'NotoSans' }]);
    expect(runs('Người lái đò')).toEqual([{ text: 'Người lái đò', font: 'NotoSans' }]);
  });

  it('sets the scripts Noto Sans lacks in their own families, a Latin word beside them in Helvetica', () => {
    expect(runs('ক্ষমা and தமிழ்')).toEqual([
      { text: 'ক্ষমা', font: 'NotoSansBengali' },
      { text: ' and ' },
      { text: 'தமிழ்', font: 'NotoSansTamil' },
    ]);
    expect(runs('น้ำใจ')).toEqual([{ text: 'น้ำใจ', font: 'NotoSansThai' }]);
    expect(runs('ሰላም')).toEqual([{ text: 'ሰላም', font: 'NotoSansEthiopic' }]);
  });

  it('gives Han characters the Japanese or Korean forms when the text has kana or Hangul', () => {
    expect(runs('夜のフェリー')).toEqual([{ text: '夜のフェリー', font: 'NotoSansJP' }]);
    expect(runs('夜 밤')).toEqual([{ text: '夜', font: 'NotoSansKR' }, { text: ' ' }, { text: '밤', font: 'NotoSansKR' }]);
    expect(runs('夜渡')).toEqual([{ text: '夜渡', font: 'NotoSansSC' }]);
  });

  it('keeps an emoji sequence whole, and takes the emoji font for a character asking for it', () => {
    expect(runs('👨‍👩‍👧🇯🇵')).toEqual([{ text: '👨‍👩‍👧🇯🇵', font: 'NotoEmoji' }]);
    expect(runs('❤️')).toEqual([{ text: '❤️', font: 'NotoEmoji' }]);
  });

  it('prints U+FFFD for a character no family has, and drops invisible controls', () => {
    expect(runs('a\uE000b')).toEqual([{ text: 'a' }, { text: '\uFFFD', font: 'NotoSans' }, { text: 'b' }]);
    expect(runs('a\u200Fb')).toBe('ab');
  });

  it('gives runs their bidi levels, the text\'s direction taken from its first strong character', () => {
    expect(runs('The Keeper — مرحبا')).toEqual([
      { text: 'The Keeper — ', bidiLevel: 0 },
      { text: 'مرحبا', font: 'NotoNaskhArabic', bidiLevel: 1 },
    ]);
    expect(runs('שלום — עולם')).toEqual([
      { text: 'שלום', font: 'NotoSansHebrew', bidiLevel: 1 },
      { text: ' — ', font: 'NotoSansHebrew', bidiLevel: 1, reversed: true },
      { text: 'עולם', font: 'NotoSansHebrew', bidiLevel: 1 },
    ]);
    // A right-to-left paragraph: the number is left to right inside it. fontkit lays out a run with
    // no Arabic or Hebrew letter left to right: the space (in the Arabic font, as the word before it)
    // and the bracket are mirrored here and reversed by the worker.
    expect(runs('مرحبا (12)')).toEqual([
      { text: 'مرحبا', font: 'NotoNaskhArabic', bidiLevel: 1 },
      { text: ' ', font: 'NotoNaskhArabic', bidiLevel: 1, reversed: true },
      { text: ')', bidiLevel: 1, reversed: true },
      { text: '12', bidiLevel: 2 },
      { text: '(', bidiLevel: 1, reversed: true },
    ]);
    // Arabic-Indic digits are Arabic script, which fontkit would lay out right to left.
    expect(runs('عام ٢٠٢٤')).toContainEqual({ text: '٢٠٢٤', font: 'NotoNaskhArabic', bidiLevel: 2, reversed: true });
  });
});
