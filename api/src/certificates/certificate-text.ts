// Prepares a text of the certificate (a title, a name) for pdfmake, whatever its script: a text the
// node's own standard font can encode (WinAnsi) stays as it is, so Latin certificates are unchanged;
// any other becomes runs, each in one font and at one bidi level.
// - Font: per grapheme cluster, the first family that has a glyph for every character of it (the
//   node's Helvetica or Courier first, then certificate-fonts.ts's Noto families). A text that needs
//   Noto Sans anyway (Łódź, Greek, Cyrillic, Devanagari) is set in Noto Sans throughout, so one word
//   is not set in two typefaces. A cluster no family has prints as U+FFFD (�), visibly.
// - Direction: the Unicode bidi algorithm (bidi-js) gives each character its embedding level, the
//   text being a paragraph of its own (its direction taken from its first strong character, as a
//   plain-text editor does). Which run goes left of which depends on where lines break, so the render
//   worker places a line's runs (rule L2) once pdfmake has broken it (certificate-pool.ts).
//   fontkit shapes a run in the Arabic or Hebrew script and lays it out right to left itself (joining
//   Arabic letters, mirroring brackets); a run whose level says otherwise is marked `reversed`.
import bidiImport, { type Bidi } from 'bidi-js';
import { SCRIPT_FONTS, type FallbackFont, type GlyphCoverage } from './certificate-fonts.js';

// bidi-js is CommonJS whose module.exports is the factory, typed as a default export: NodeNext
// types this import as the module, bundler resolution as the factory; at run time it is the factory.
const bidiFactory = bidiImport as unknown as () => Bidi;
const bidi = bidiFactory();

/** A pdfmake inline text with the properties the render worker reads; pdfmake carries them to its lines. */
export interface TextRun {
  readonly text: string;
  /** Absent: the node's own font. */
  readonly font?: FallbackFont;
  /** The run's embedding level (odd: right to left); set only in a text that has right-to-left runs. */
  readonly bidiLevel?: number;
  /**
   * The run is laid out in the opposite direction to the one fontkit picks from its script: a
   * right-to-left run of neutrals (brackets, spaces, emoji; already mirrored here), or Arabic-Indic
   * digits (left to right inside Arabic). The worker reverses its clusters before fontkit sees it.
   */
  readonly reversed?: true;
}

/** What pdfkit's standard fonts encode (WinAnsi): ASCII, Latin-1 and the 27 characters of 0x80–0x9F. */
const WIN_ANSI_CHARS = '\\t\\n\\r\\x20-\\x7e\\xa0-\\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const ALL_WIN_ANSI = new RegExp(`^[${WIN_ANSI_CHARS}]*$`, 'u');
const WIN_ANSI = new RegExp(`^[${WIN_ANSI_CHARS}]$`, 'u');
/** Invisible characters (joiners, variation selectors, bidi controls): kept only where the font has them. */
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
/** A cluster shown as an emoji by default or by request (VS16). */
const EMOJI = /\p{Emoji_Presentation}|\uFE0F/u;
/** The scripts fontkit lays out right to left, of those our fonts have. */
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
/** Spaces, punctuation, digits, symbols: characters of no script of their own. */
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]+$/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;

const REPLACEMENT: Cluster = { text: '\uFFFD', font: 'NotoSans', level: 0 };

type Choice = FallbackFont | 'own';

interface Cluster {
  text: string;
  font: Choice;
  level: number;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The families to try, in order: Han characters take the Japanese or Korean forms when the text has kana or Hangul. */
function familyOrder(text: string): readonly Choice[] {
  const cjk: FallbackFont[] = KANA.test(text)
    ? ['NotoSansJP', 'NotoSansSC', 'NotoSansKR']
    : HANGUL.test(text)
      ? ['NotoSansKR', 'NotoSansSC', 'NotoSansJP']
      : ['NotoSansSC', 'NotoSansJP', 'NotoSansKR'];
  return ['own', 'NotoSans', ...SCRIPT_FONTS, 'NotoNaskhArabic', 'NotoSansHebrew', ...cjk, 'NotoEmoji'];
}

function has(fonts: GlyphCoverage, font: Choice, char: string): boolean {
  return font === 'own' ? WIN_ANSI.test(char) : fonts.has(font, char.codePointAt(0)!);
}

/** The cluster's characters `font` prints, or null when it lacks a visible one. */
function printable(fonts: GlyphCoverage, font: Choice, chars: readonly string[]): string | null {
  let text = '';
  for (const char of chars) {
    if (has(fonts, font, char)) text += char;
    else if (!IGNORABLE.test(char)) return null;
  }
  return text === '' ? null : text;
}

function mirrored(text: string): string {
  let out = '';
  for (const char of text) out += bidi.getMirroredCharacter(char) ?? char;
  return out;
}

/** `text` as pdfmake should print it: itself when the node's standard font can, else runs. */
export function certificateText(text: string, fonts: GlyphCoverage): string | TextRun[] {
  if (ALL_WIN_ANSI.test(text)) return text;
  const { levels } = bidi.getEmbeddingLevels(text);
  const order = familyOrder(text);
  const emojiOrder: readonly Choice[] = ['NotoEmoji', ...order.filter((font) => font !== 'NotoEmoji')];
  const clusters: Cluster[] = [];
  let needsNotoSans = false;
  for (const { segment, index } of segmenter.segment(text)) {
    const chars = [...segment];
    // Only invisible characters (a bidi mark, say): the levels have taken them into account.
    if (chars.every((char) => IGNORABLE.test(char) && !WIN_ANSI.test(char))) continue;
    let cluster: Cluster | null = null;
    // Inside right-to-left text, a space or punctuation mark takes the font of the word before it
    // when that font has it, so its width and design match the word's.
    const previous = clusters[clusters.length - 1];
    const level = levels[index]!;
    const inherit =
      previous !== undefined && level % 2 === 1 && previous.level === level && previous.font !== 'own' && NEUTRAL.test(segment) ? [previous.font] : [];
    for (const font of [...inherit, ...(EMOJI.test(segment) ? emojiOrder : order)]) {
      const printed = printable(fonts, font, chars);
      if (printed !== null) {
        cluster = { text: printed, font, level };
        needsNotoSans ||= font === 'NotoSans';
        break;
      }
    }
    clusters.push(cluster ?? { ...REPLACEMENT, level });
  }
  const rightToLeft = clusters.some((cluster) => cluster.level % 2 === 1);
  const runs: Cluster[] = [];
  for (const cluster of clusters) {
    const font = cluster.font === 'own' && needsNotoSans ? 'NotoSans' : cluster.font;
    const last = runs[runs.length - 1];
    // fontkit picks a direction for each piece pdfmake hands it (a word, at most a run) from its
    // script: a run is all Arabic or Hebrew letters or has none, so each of its words gets the same.
    if (last && last.font === font && last.level === cluster.level && RTL_SCRIPT.test(last.text) === RTL_SCRIPT.test(cluster.text)) {
      last.text += cluster.text;
    } else runs.push({ ...cluster, font });
  }
  if (runs.length === 1 && runs[0]!.font === 'own' && !rightToLeft) return runs[0]!.text;
  return runs.map(({ text: run, font, level }) => {
    const own = font === 'own' ? {} : { font };
    if (!rightToLeft) return { text: run, ...own };
    const odd = level % 2 === 1;
    if (odd === RTL_SCRIPT.test(run)) return { text: run, ...own, bidiLevel: level };
    return { text: odd ? mirrored(run) : run, ...own, bidiLevel: level, reversed: true };
  });
}
