// Reads the text of a certificate, two ways.
// - pdfText: the words as pdfkit wrote them, in file order, without a PDF library: text in a standard
//   font (Helvetica, Courier) is WinAnsi bytes; text in an embedded font is two-byte glyph ids, read
//   back through the font's ToUnicode map. A right-to-left run's glyphs are stored in drawing order
//   (left to right), so its characters come out reversed; so do the vowel signs that Devanagari
//   draws before their consonant. Enough to find words; streams are Flate-compressed by default.
// - pdfJsText: what pdf.js (Firefox's viewer) extracts from page 1: a reader's text extractor, which
//   puts right-to-left text back in reading order.
import { inflateSync } from 'node:zlib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** WinAnsi's 0x80–0x9F, where it departs from Latin-1 (pdfkit's standard fonts encode with it). */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

interface PdfObject {
  readonly dict: string;
  readonly stream: string | null;
}

function objects(pdf: Buffer): Map<string, PdfObject> {
  const source = pdf.toString('latin1');
  if (!source.startsWith('%PDF-')) throw new Error('Not a PDF');
  const found = new Map<string, PdfObject>();
  for (const match of source.matchAll(/(\d+) 0 obj\b([^]*?)\bendobj/g)) {
    const body = match[2]!;
    const streamAt = body.search(/\bstream\r?\n/);
    if (streamAt === -1) {
      found.set(match[1]!, { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const start = match.index + match[0].indexOf(body) + body.indexOf('\n', streamAt) + 1;
    const end = source.indexOf('endstream', start);
    let stream: string | null = null;
    try {
      stream = /\/FlateDecode/.test(dict) ? inflateSync(pdf.subarray(start, end)).toString('latin1') : source.slice(start, end);
    } catch {
      // Not every stream inflates as a whole (an image's may be cut short here): not text.
    }
    found.set(match[1]!, { dict, stream });
  }
  return found;
}

/** A ToUnicode CMap as pdfkit writes it: `<first> <last> [<utf16be> ...]` ranges. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
    let code = parseInt(range[1]!, 16);
    // An entry is the UTF-16 of all the characters one glyph stands for (a ligature, an emoji
    // sequence, a surrogate pair), its units separated by spaces.
    for (const entry of range[3]!.matchAll(/<([0-9a-f\s]*)>/gi)) {
      const units = entry[1]!.replace(/\s/g, '').match(/.{4}/g) ?? [];
      map.set(code++, String.fromCharCode(...units.map((unit) => parseInt(unit, 16))));
    }
  }
  return map;
}

type Decoder = (hex: string) => string;

const winAnsi: Decoder = (hex) =>
  Buffer.from(hex, 'hex')
    .toString('latin1')
    .replace(/[\x80-\x9f]/g, (char) => WIN_ANSI_HIGH[char.charCodeAt(0) - 0x80]!);

/** How each font resource name (/F1, /F2…) decodes its strings. */
function decoders(found: Map<string, PdfObject>): Map<string, Decoder> {
  const byName = new Map<string, Decoder>();
  for (const { dict } of found.values()) {
    for (const fonts of dict.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const [, name, ref] of fonts[1]!.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
        const font = found.get(ref!)?.dict ?? '';
        const cmapRef = /\/ToUnicode\s+(\d+) 0 R/.exec(font)?.[1];
        const cmap = cmapRef ? found.get(cmapRef)?.stream : null;
        if (!cmap) {
          byName.set(name!, winAnsi);
          continue;
        }
        const map = toUnicode(cmap);
        byName.set(name!, (hex) => (hex.match(/.{4}/g) ?? []).map((code) => map.get(parseInt(code, 16)) ?? '').join(''));
      }
    }
  }
  return byName;
}

export function pdfText(pdf: Buffer): string {
  const found = objects(pdf);
  const fonts = decoders(found);
  const words: string[] = [];
  for (const { stream } of found.values()) {
    if (!stream) continue;
    let decode: Decoder = winAnsi;
    for (const op of stream.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ/g)) {
      if (op[1] !== undefined) {
        decode = fonts.get(op[1]) ?? winAnsi;
        continue;
      }
      let word = '';
      for (const hex of op[2]!.matchAll(/<([0-9a-fA-F]*)>/g)) word += decode(hex[1]!);
      words.push(word);
    }
  }
  // Each word carries its trailing space: joined, they read as the text.
  return words.join('');
}

/** What pdf.js reads from page 1: its text items in file order, each in reading order. */
export async function pdfJsText(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  try {
    const { items } = await (await document.getPage(1)).getTextContent();
    return items.map((item) => ('str' in item ? item.str : '')).join('');
  } finally {
    await document.destroy();
  }
}
