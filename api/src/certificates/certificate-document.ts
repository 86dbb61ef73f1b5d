// The certificate's layout as a pdfmake document definition: plain data, built on the caller's
// thread and rendered (with its QR code) by a worker (certificate-pool.ts). Texts that come from the
// registration go through certificateText, which picks fonts for what Helvetica cannot print.
import { fallbackFonts } from './certificate-fonts.js';
import { certificateText } from './certificate-text.js';

export interface CertificateData {
  readonly trNumber: string;
  readonly title: string;
  readonly registrantName: string;
  readonly materialType: string;
  readonly intendedMedium: string;
  readonly registeredAt: Date;
  readonly cryptographicHash: string;
  readonly fileContentHash: string;
  readonly status: string;
  /** Set once the ledger has anchored the registration's batch. */
  readonly anchor: { readonly txHash: string | null; readonly blockNumber: string | null; readonly chainId: string | null } | null;
  readonly verifyUrl: string;
}

/** The placeholder the worker replaces with the QR code (an SVG from the qrcode package: vector, cheap). */
export const QR_PLACEHOLDER = '__titleledger_verify_qr__';

const ACCENT = '#1d4ed8';
const MUTED = '#475569';

function row(label: string, value: string, mono = false): unknown[] {
  return [
    { text: label, style: 'label' },
    mono ? { text: value, font: 'Courier', fontSize: 8.5 } : { text: certificateText(value, fallbackFonts), style: 'value' },
  ];
}

/**
 * "Registered by <name>". A name that needs runs is one of them, a paragraph of its own for the bidi
 * algorithm (as HTML's <bdi>): a right-to-left name reads right to left after the English words.
 */
function registeredBy(name: string): unknown {
  const runs = certificateText(name, fallbackFonts);
  return typeof runs === 'string' ? `Registered by ${runs}` : ['Registered by ', ...runs];
}

export function certificateDocument(data: CertificateData, compress = true): Record<string, unknown> {
  const registered = data.status === 'registered';
  const date = data.registeredAt.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  const anchorLines = registered && data.anchor
    ? [
        data.anchor.txHash ? `Anchor transaction: ${data.anchor.txHash}` : null,
        data.anchor.blockNumber ? `Anchored in block ${data.anchor.blockNumber}` : null,
        data.anchor.chainId ? `Chain id: ${data.anchor.chainId}` : null,
      ].filter((l): l is string => l !== null)
    : [];
  return {
    compress,
    pageSize: 'A4',
    pageMargins: [56, 56, 56, 56],
    info: { title: `TitleLedger certificate ${data.trNumber}`, author: 'TitleLedger', subject: data.title },
    defaultStyle: { font: 'Helvetica', fontSize: 10.5, color: '#0f172a', lineHeight: 1.2 },
    styles: {
      brand: { fontSize: 12, bold: true, color: ACCENT, characterSpacing: 1 },
      heading: { fontSize: 22, bold: true, margin: [0, 6, 0, 2] },
      sub: { fontSize: 10, color: MUTED },
      label: { fontSize: 9, color: MUTED, bold: true },
      value: { fontSize: 10.5 },
      status: { fontSize: 11, bold: true, color: registered ? '#15803d' : '#a16207' },
      small: { fontSize: 8, color: MUTED },
    },
    content: [
      { text: 'TITLELEDGER', style: 'brand' },
      { text: 'Certificate of Title Registration', style: 'heading' },
      { text: 'A SHA-256 fingerprint of this work was recorded and timestamped by TitleLedger.', style: 'sub', margin: [0, 0, 0, 18] },
      { text: certificateText(data.title, fallbackFonts), fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
      { text: registeredBy(data.registrantName), margin: [0, 0, 0, 16] },
      {
        table: {
          widths: [120, '*'],
          body: [
            row('TR NUMBER', data.trNumber),
            row('REGISTRATION DATE', date),
            row('MATERIAL TYPE', data.materialType),
            row('INTENDED MEDIUM', data.intendedMedium),
            row('CRYPTOGRAPHIC HASH', data.cryptographicHash, true),
            row('FILE CONTENT HASH', data.fileContentHash, true),
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 16],
      },
      { text: registered ? 'Status: REGISTERED (anchored on chain)' : 'Status: PENDING (awaiting anchoring)', style: 'status' },
      {
        text: registered
          ? anchorLines.join('\n') || 'The registration is anchored in a Merkle root recorded on chain.'
          : 'The hash will be included in the next Merkle batch anchored on chain; the .tr file then carries the proof.',
        style: 'small',
        margin: [0, 2, 0, 20],
      },
      {
        columns: [
          { svg: QR_PLACEHOLDER, width: 110 },
          {
            stack: [
              { text: 'Verify this certificate', bold: true, margin: [0, 8, 0, 4] },
              { text: 'Scan the code or open:', style: 'small' },
              { text: data.verifyUrl, link: data.verifyUrl, color: ACCENT, fontSize: 8 },
              {
                // The link opens the registry's record (/titles/{tr}), which compares nothing by itself: the
                // verifier compares this paper with it.
                text: "It shows the registry's record of this TR number, with its blockchain proof. A genuine certificate matches it exactly: title, registrant, date and both hashes. No sign-in is needed.",
                style: 'small',
                margin: [0, 6, 0, 0],
              },
            ],
            margin: [16, 0, 0, 0],
          },
        ],
      },
    ],
    footer: {
      text: 'TitleLedger is not a government copyright office; this certificate records the existence of the work at the date shown.',
      style: 'small',
      alignment: 'center',
      margin: [56, 16, 56, 0],
    },
  };
}
