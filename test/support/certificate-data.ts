// A pending registration's certificate data, for the certificate tests.
import type { CertificateData } from '../../api/src/certificates/certificate-document.js';

export function pendingCertificate(trNumber = 'TR-COPY-2026-ABCD1234'): CertificateData {
  return {
    trNumber,
    title: 'The Long Night — a novel',
    registrantName: 'Ada Lovelace',
    materialType: 'Book',
    intendedMedium: 'PRINT LITERARY',
    registeredAt: new Date('2026-03-04T05:06:07.089Z'),
    cryptographicHash: 'a'.repeat(64),
    fileContentHash: 'b'.repeat(64),
    status: 'pending',
    anchor: null,
    verifyUrl: `http://localhost:3000/verify?tr=${trNumber}&hash=${'a'.repeat(64)}`,
  };
}
