// The fonts a certificate falls back to for what Helvetica and Courier cannot print. Those two are
// PDF standard fonts: nothing is embedded, but they encode WinAnsi only (Latin-1 and a few more), so
// any other character came out as junk. These are Noto families (SIL Open Font License), static
// TrueType files from npm packages, which pdfkit embeds as subsets (the glyphs used, a few KB each).
// Why these packages and not others: docs/architecture.md, Certificates.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);

/** One family per script, beside Noto Sans: each is ~50-370 KB a weight, read only when a text needs it. */
export const SCRIPT_FONTS = [
  'NotoSansBengali',
  'NotoSansTamil',
  'NotoSansGujarati',
  'NotoSansGurmukhi',
  'NotoSansTelugu',
  'NotoSansKannada',
  'NotoSansMalayalam',
  'NotoSansSinhala',
  'NotoSansThai',
  'NotoSansLao',
  'NotoSansKhmer',
  'NotoSansGeorgian',
  'NotoSansArmenian',
  'NotoSansEthiopic',
] as const;

export const FALLBACK_FONTS = ['NotoSans', ...SCRIPT_FONTS, 'NotoNaskhArabic', 'NotoSansHebrew', 'NotoSansSC', 'NotoSansJP', 'NotoSansKR', 'NotoEmoji'] as const;
export type FallbackFont = (typeof FALLBACK_FONTS)[number];

/** A family's files: the certificate sets text in regular and bold only. */
export interface FontFiles {
  readonly normal: string;
  readonly bold: string;
}

/** @embedpdf/fonts-arabic exports only its entry point (dist/): its fonts are in fonts/ beside it. */
function arabicFiles(): FontFiles {
  const fonts = path.join(path.dirname(require.resolve('@embedpdf/fonts-arabic')), '../fonts');
  return { normal: path.join(fonts, 'NotoNaskhArabic-Regular.ttf'), bold: path.join(fonts, 'NotoNaskhArabic-Bold.ttf') };
}

/** Where each fallback family's files are, for the render worker (certificate-pool.ts). */
export const FALLBACK_FILES: Readonly<Record<FallbackFont, FontFiles>> = {
  // Latin (with its extensions and Vietnamese), Greek, Cyrillic, Devanagari, and U+FFFD.
  NotoSans: {
    normal: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  },
  // Indic (shaped by fontkit's Indic shaper: reordering, conjuncts), Thai and Lao (marks placed by
  // the font's GPOS), Khmer, and three alphabets Noto Sans lacks. Not Myanmar: fontkit has no shaper
  // for it, so its pre-base vowels and medials would be drawn in the wrong place (docs/architecture.md).
  NotoSansBengali: {
    normal: require.resolve('@expo-google-fonts/noto-sans-bengali/400Regular/NotoSansBengali_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-bengali/700Bold/NotoSansBengali_700Bold.ttf'),
  },
  NotoSansTamil: {
    normal: require.resolve('@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf'),
  },
  NotoSansGujarati: {
    normal: require.resolve('@expo-google-fonts/noto-sans-gujarati/400Regular/NotoSansGujarati_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-gujarati/700Bold/NotoSansGujarati_700Bold.ttf'),
  },
  NotoSansGurmukhi: {
    normal: require.resolve('@expo-google-fonts/noto-sans-gurmukhi/400Regular/NotoSansGurmukhi_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-gurmukhi/700Bold/NotoSansGurmukhi_700Bold.ttf'),
  },
  NotoSansTelugu: {
    normal: require.resolve('@expo-google-fonts/noto-sans-telugu/400Regular/NotoSansTelugu_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-telugu/700Bold/NotoSansTelugu_700Bold.ttf'),
  },
  NotoSansKannada: {
    normal: require.resolve('@expo-google-fonts/noto-sans-kannada/400Regular/NotoSansKannada_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-kannada/700Bold/NotoSansKannada_700Bold.ttf'),
  },
  NotoSansMalayalam: {
    normal: require.resolve('@expo-google-fonts/noto-sans-malayalam/400Regular/NotoSansMalayalam_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-malayalam/700Bold/NotoSansMalayalam_700Bold.ttf'),
  },
  NotoSansSinhala: {
    normal: require.resolve('@expo-google-fonts/noto-sans-sinhala/400Regular/NotoSansSinhala_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-sinhala/700Bold/NotoSansSinhala_700Bold.ttf'),
  },
  NotoSansThai: {
    normal: require.resolve('@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf'),
  },
  NotoSansLao: {
    normal: require.resolve('@expo-google-fonts/noto-sans-lao/400Regular/NotoSansLao_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-lao/700Bold/NotoSansLao_700Bold.ttf'),
  },
  NotoSansKhmer: {
    normal: require.resolve('@expo-google-fonts/noto-sans-khmer/400Regular/NotoSansKhmer_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-khmer/700Bold/NotoSansKhmer_700Bold.ttf'),
  },
  NotoSansGeorgian: {
    normal: require.resolve('@expo-google-fonts/noto-sans-georgian/400Regular/NotoSansGeorgian_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-georgian/700Bold/NotoSansGeorgian_700Bold.ttf'),
  },
  NotoSansArmenian: {
    normal: require.resolve('@expo-google-fonts/noto-sans-armenian/400Regular/NotoSansArmenian_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-armenian/700Bold/NotoSansArmenian_700Bold.ttf'),
  },
  NotoSansEthiopic: {
    normal: require.resolve('@expo-google-fonts/noto-sans-ethiopic/400Regular/NotoSansEthiopic_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-ethiopic/700Bold/NotoSansEthiopic_700Bold.ttf'),
  },
  // Naskh, in the build whose letters carry their dots: the current Noto Arabic builds split a dotted
  // letter into a dotless one and a dot mark, which pdfkit maps to no text (pdf.js then shows a control
  // character), and with Noto Sans Arabic fontkit ascribes some letters to the wrong character.
  NotoNaskhArabic: arabicFiles(),
  NotoSansHebrew: {
    normal: require.resolve('@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf'),
  },
  // One typeface for Han, kana and Hangul would print the wrong regional forms for some characters
  // (Han unification): Chinese, Japanese and Korean each have their own, chosen by the text.
  NotoSansSC: {
    normal: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
  },
  NotoSansJP: {
    normal: require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf'),
  },
  NotoSansKR: {
    normal: require.resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf'),
  },
  // Monochrome: pdfkit embeds glyph outlines, not the bitmap tables colour emoji fonts draw with.
  NotoEmoji: {
    normal: require.resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf'),
  },
};

/** Whether a family has a glyph for a code point. */
export interface GlyphCoverage {
  has(font: FallbackFont, codePoint: number): boolean;
}

/**
 * Answers from each family's own character map, read from its regular file the first time a text
 * needs that family (the bold files map the same characters: checked for these packages). A
 * Chinese font is ~10 MB, so a process that only ever sees Latin titles reads none of them.
 */
class FontFileCoverage implements GlyphCoverage {
  private readonly opened = new Map<FallbackFont, fontkit.Font>();

  has(font: FallbackFont, codePoint: number): boolean {
    let opened = this.opened.get(font);
    if (!opened) {
      opened = fontkit.create(readFileSync(FALLBACK_FILES[font].normal)) as fontkit.Font;
      this.opened.set(font, opened);
    }
    return opened.hasGlyphForCodePoint(codePoint);
  }
}

export const fallbackFonts: GlyphCoverage = new FontFileCoverage();
