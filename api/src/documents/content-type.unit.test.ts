import { describe, expect, it } from 'vitest';
import { docBytes, docxBytes, elfBytes, exeBytes, jpgBytes, pdfBytes, pngBytes, rtfBytes, textBytes, zipBytes } from '../../../test/support/documents.js';
import { sniffDocument, zipEntryNames } from './content-type.js';

const facts = (bytes: Buffer) => {
  let validUtf8 = true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    validUtf8 = false;
  }
  return { validUtf8, hasNul: bytes.includes(0) };
};
const sniff = (bytes: Buffer) => sniffDocument(bytes, facts(bytes));

describe('sniffDocument: judged by content, never by name', () => {
  it.each([
    ['pdf', pdfBytes(), 'application/pdf'],
    ['doc', docBytes(), 'application/msword'],
    ['docx', docxBytes(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['rtf', rtfBytes(), 'application/rtf'],
    ['png', pngBytes(), 'image/png'],
    ['jpg', jpgBytes(), 'image/jpeg'],
    ['txt', textBytes(), 'text/plain; charset=utf-8'],
  ])('accepts %s', async (kind, bytes, mime) => {
    expect(await sniff(bytes)).toEqual({ accepted: true, kind, mimeType: mime });
  });

  it('refuses a Windows executable renamed to .pdf, naming it', async () => {
    const result = await sniff(exeBytes());
    expect(result).toMatchObject({ accepted: false, detected: 'exe' });
    expect(result.accepted === false && result.message).toMatch(/executable program/);
  });

  it('refuses an ELF executable', async () => {
    expect(await sniff(elfBytes())).toMatchObject({ accepted: false, detected: 'elf' });
  });

  it('refuses a ZIP that is not a Word document', async () => {
    const result = await sniff(zipBytes({ 'evil.sh': 'rm -rf /' }));
    expect(result).toMatchObject({ accepted: false, detected: 'zip' });
  });

  it('refuses other recognised types (gif) and unrecognised binary', async () => {
    expect(await sniff(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))).toMatchObject({ accepted: false, detected: 'gif' });
    expect(await sniff(Buffer.from([0x01, 0x02, 0x00, 0xff, 0xfe, 0x80]))).toMatchObject({ accepted: false, detected: 'binary' });
  });

  it('refuses text that is not UTF-8 or holds NUL bytes', async () => {
    expect(await sniffDocument(Buffer.from('abc'), { validUtf8: false, hasNul: false })).toMatchObject({ accepted: false });
    expect(await sniffDocument(Buffer.from('a\0c'), { validUtf8: true, hasNul: true })).toMatchObject({ accepted: false });
  });

  it('lists a ZIP\'s entry names from its local headers', () => {
    expect(zipEntryNames(docxBytes())).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
  });
});
