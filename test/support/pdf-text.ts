// Reads the text of a PDF made with pdfmake's standard fonts: pdfkit writes text as TJ arrays of
// hex strings (WinAnsi), word by word, inside content streams that are Flate-compressed by default.
// Enough for tests to find words in a certificate without a PDF parser.
import { inflateSync } from 'node:zlib';

export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  if (!source.startsWith('%PDF-')) throw new Error('Not a PDF');
  const contents: string[] = [source];
  for (const match of source.matchAll(/\/FlateDecode[^]*?stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    try {
      contents.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not every stream is text (images, fonts); skip what doesn't inflate.
    }
  }
  const words: string[] = [];
  for (const content of contents) {
    for (const match of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      let word = '';
      for (const hex of match[1]!.matchAll(/<([0-9a-fA-F]*)>/g)) word += Buffer.from(hex[1]!, 'hex').toString('latin1');
      words.push(word);
    }
  }
  // Each word carries its trailing space: joined, they read as the text.
  return words.join('');
}
