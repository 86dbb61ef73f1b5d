import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { certificateDocument, type CertificateData } from './certificate-document.js';
import { CertificatePool } from './certificate-pool.js';
import { pdfText } from '../../../test/support/pdf-text.js';

const data: CertificateData = {
  trNumber: 'TR-COPY-2026-ABCD1234',
  title: 'The Long Night — a novel',
  registrantName: 'Ada Lovelace',
  materialType: 'Book',
  intendedMedium: 'PRINT LITERARY',
  registeredAt: new Date('2026-03-04T05:06:07.089Z'),
  cryptographicHash: 'a'.repeat(64),
  fileContentHash: 'b'.repeat(64),
  status: 'pending',
  anchor: null,
  verifyUrl: 'http://localhost:3000/verify?tr=TR-COPY-2026-ABCD1234&hash=' + 'a'.repeat(64),
};

describe('certificate pool', () => {
  const pool = new CertificatePool(2);
  afterAll(() => pool.close());

  it('renders a PDF holding the TR number, hashes and anchoring status', async () => {
    const pdf = await pool.render(certificateDocument(data), data.verifyUrl);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('TR-COPY-2026-ABCD1234');
    expect(text).toContain('a'.repeat(64));
    expect(text).toContain('PENDING');
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
  });

  it('shows the anchor once registered', async () => {
    const pdf = await pool.render(
      certificateDocument({ ...data, status: 'registered', anchor: { txHash: '0xfeed', blockNumber: '42', chainId: '31337' } }),
      data.verifyUrl,
    );
    const text = pdfText(pdf);
    expect(text).toContain('REGISTERED');
    expect(text).toContain('0xfeed');
  });

  it('makes 20 at once without stalling the event loop over 50 ms', async () => {
    await pool.render(certificateDocument(data), data.verifyUrl); // warm both workers' first load
    const histogram = monitorEventLoopDelay({ resolution: 5 });
    histogram.enable();
    const pdfs = await Promise.all(Array.from({ length: 20 }, () => pool.render(certificateDocument(data), data.verifyUrl)));
    histogram.disable();
    expect(pdfs.every((p) => p.subarray(0, 4).toString() === '%PDF')).toBe(true);
    expect(histogram.max / 1e6).toBeLessThan(50);
  });
});
