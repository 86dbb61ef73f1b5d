// What an upload really is, judged by its bytes (never its name or the client's Content-Type).
// Accepted (seed 001 §2.2): pdf, doc (OLE compound file), docx (ZIP holding word/), rtf, png,
// jpg/jpeg, and plain text (valid UTF-8 without NUL bytes).
import { fileTypeFromBuffer } from 'file-type';

type DocumentKind = 'pdf' | 'doc' | 'docx' | 'rtf' | 'png' | 'jpg' | 'txt';

export type Sniffed =
  | { readonly accepted: true; readonly kind: DocumentKind; readonly mimeType: string }
  | { readonly accepted: false; readonly detected: string; readonly message: string };

const MIME: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  rtf: 'application/rtf',
  png: 'image/png',
  jpg: 'image/jpeg',
  txt: 'text/plain; charset=utf-8',
};

const EXECUTABLES = new Set(['exe', 'elf', 'mach', 'class', 'wasm', 'dex', 'msi', 'apk', 'deb', 'rpm', 'swf', 'crx']);

const ALLOWED = 'Accepted types: PDF, DOC, DOCX, TXT, RTF, PNG, JPG/JPEG.';

const accept = (kind: DocumentKind): Sniffed => ({ accepted: true, kind, mimeType: MIME[kind] });

/** Names of the entries in a ZIP's local file headers found in `head` (enough for docx's word/ part). */
export function zipEntryNames(head: Uint8Array): string[] {
  const buf = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const names: string[] = [];
  let at = 0;
  while (at + 30 <= buf.length && buf.readUInt32LE(at) === 0x04034b50) {
    const flags = buf.readUInt16LE(at + 6);
    const compressedSize = buf.readUInt32LE(at + 18);
    const nameLength = buf.readUInt16LE(at + 26);
    const extraLength = buf.readUInt16LE(at + 28);
    if (at + 30 + nameLength > buf.length) break;
    names.push(buf.toString('utf8', at + 30, at + 30 + nameLength));
    // With a data descriptor the size is unknown here; stop rather than guess.
    if (flags & 0x08) break;
    at += 30 + nameLength + extraLength + compressedSize;
  }
  return names;
}

export interface TextFacts {
  /** The whole file decoded as UTF-8 without error. */
  readonly validUtf8: boolean;
  readonly hasNul: boolean;
}

/**
 * Judges a file from its first bytes (`head`, at least 4 KiB when the file is that long) and the
 * facts gathered over the whole stream for plain text.
 */
export async function sniffDocument(head: Uint8Array, text: TextFacts): Promise<Sniffed> {
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  if (detected) {
    switch (detected.ext) {
      case 'pdf':
        return accept('pdf');
      case 'cfb':
        return accept('doc');
      case 'docx':
        return accept('docx');
      case 'rtf':
        return accept('rtf');
      case 'png':
        return accept('png');
      case 'jpg':
        return accept('jpg');
      case 'zip':
        if (zipEntryNames(head).some((name) => name.startsWith('word/'))) return accept('docx');
        return { accepted: false, detected: 'zip', message: `This file is a ZIP archive, not a document. ${ALLOWED}` };
      default:
        if (EXECUTABLES.has(detected.ext)) {
          return {
            accepted: false,
            detected: detected.ext,
            message: `This file is an executable program (${detected.ext}), whatever its name says. ${ALLOWED}`,
          };
        }
        return {
          accepted: false,
          detected: detected.ext,
          message: `This file's content is ${detected.ext.toUpperCase()} (${detected.mime}), which is not accepted. ${ALLOWED}`,
        };
    }
  }
  // RTF is text: file-type knows "{\rtf", but be sure even when it declines.
  if (Buffer.from(head.subarray(0, 5)).toString('latin1') === '{\\rtf') return accept('rtf');
  if (text.validUtf8 && !text.hasNul) return accept('txt');
  return {
    accepted: false,
    detected: 'binary',
    message: `This file's content is not a recognised document type. ${ALLOWED}`,
  };
}
