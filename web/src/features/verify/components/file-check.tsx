// "Do I hold the registered file?": the verifier drops the original file (or picks it with the
// keyboard), the browser computes its SHA-256 with Web Crypto, and the page compares it with the
// registration's file content hash. With no registration verified (a verifier holding only the work),
// it looks the file's SHA-256 up in the registry instead (GET /api/titles/by-hash): which
// registrations, if any, have this file. Only the hash is sent; the file is read locally.
import { useMutation } from '@tanstack/react-query';
import { FileCheck2, LoaderCircle } from 'lucide-react';
import { lazy, Suspense } from 'react';

import { Alert } from '@/components/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';

import type { VerifiedRegistration } from '../api/get-verification';
import { sha256OfFile } from '../lib/file-hash';
import { formatBytes } from '../lib/format';
import type { Hashed } from './file-comparison';
import { FileDropZone } from './file-drop-zone';

// What the file is (compared, or looked up) comes with the first file.
const FileComparison = lazy(async () => ({ default: (await import('./file-comparison')).FileComparison }));

/** Past this a browser may refuse to read a file in one piece; registered works are far smaller. */
const LARGE_FILE_BYTES = 1024 * 1024 * 1024;

export function FileCheck({ registration, enteredHash }: { registration: VerifiedRegistration | undefined; enteredHash: string }) {
  const hashing = useMutation({
    mutationFn: async (file: File): Promise<Hashed> => ({ name: file.name, size: file.size, hash: await sha256OfFile(file) }),
  });

  return (
    <Card>
      <CardHeader className="max-sm:p-4 max-sm:pb-0">
        <div className="flex items-center gap-3">
          <FileCheck2 aria-hidden="true" className="size-6 shrink-0 text-accent-text" />
          <CardTitle>Check the original file</CardTitle>
        </div>
        <CardDescription>
          Your browser computes the file’s SHA-256 itself. The file never leaves your device: nothing is uploaded. Without
          a TR number, the hash alone is looked up in the registry.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 max-sm:p-4">
        <FileDropZone
          testId="file-drop-zone"
          onFile={(file) => hashing.mutate(file)}
          prompt={
            <>
              Drop the original file here, or <span className="text-accent-text underline">choose a file</span>
            </>
          }
          hint="Any type; the file is only read, never sent."
        />

        <div aria-live="polite" className="grid gap-4">
          {hashing.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              Computing SHA-256...
            </p>
          ) : hashing.isError ? (
            <Alert variant="danger" role="alert" title="The file could not be read">
              {hashing.variables.size > LARGE_FILE_BYTES
                ? `This browser cannot read a file of ${formatBytes(hashing.variables.size)} in one piece. Registrations take files far smaller than this, so it is not a registered work: choose the original file.`
                : 'Try choosing it again.'}
            </Alert>
          ) : hashing.data ? (
            <Suspense fallback={<p className="text-sm text-muted-foreground">Computing SHA-256...</p>}>
              <FileComparison file={hashing.data} registration={registration} enteredHash={enteredHash} />
            </Suspense>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
