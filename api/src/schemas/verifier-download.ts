// GET /api/verifier's answer: the one-file `.tr` verifier this server gives for download, so the
// verify page can show its size and SHA-256 beside the link (api/src/verifier-download/routes.ts).
import { z } from 'zod';

export const verifierDownloadSchema = z.object({
  /** The file's name, as the download saves it: `titleledger-verify.mjs`. */
  fileName: z.string(),
  /** Where to download it, a path on this site: `/downloads/titleledger-verify.mjs`. */
  url: z.string(),
  bytes: z.number().int().nonnegative(),
  /** SHA-256 of the bytes served, 64 lowercase hex digits. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type VerifierDownload = z.infer<typeof verifierDownloadSchema>;
