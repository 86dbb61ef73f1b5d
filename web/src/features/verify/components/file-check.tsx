// "Do I hold the registered file?": the verifier drops the original file (or picks it with the
// keyboard), the browser computes its SHA-256 with Web Crypto, and the page compares it with the
// registration's file content hash, or, when the server does not share that, with the entered hash.
// The file is read locally and never uploaded.
import { useMutation } from '@tanstack/react-query';
import { FileCheck2, LoaderCircle } from 'lucide-react';

import { Alert } from '@/components/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { HashText } from '@/components/hash-text';
import { UserText } from '@/components/user-text';

import type { VerifiedRegistration } from '../api/get-verification';
import { hashesMatch } from '../lib/compare-hashes';
import { sha256OfFile } from '../lib/file-hash';
import { formatBytes } from '../lib/format';
import { FileDropZone } from './file-drop-zone';

type Hashed = { name: string; size: number; hash: string };

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
          Your browser computes the file’s SHA-256 itself. The file never leaves your device: nothing is uploaded.
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
          hint="Any size and type; it is only read, never sent."
        />

        <div aria-live="polite" className="grid gap-4">
          {hashing.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              Computing SHA-256...
            </p>
          ) : hashing.isError ? (
            <Alert variant="danger" role="alert" title="The file could not be read">
              Try choosing it again.
            </Alert>
          ) : hashing.data ? (
            <FileComparison file={hashing.data} registration={registration} enteredHash={enteredHash} />
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function FileComparison({
  file,
  registration,
  enteredHash,
}: {
  file: Hashed;
  registration: VerifiedRegistration | undefined;
  enteredHash: string;
}) {
  const registered = registration?.file_content_hash;
  const target = registered ?? (enteredHash.trim() === '' ? undefined : enteredHash);
  const match = target !== undefined && hashesMatch(file.hash, target);

  return (
    <>
      <div className="grid gap-1.5">
        <p className="min-w-0 break-all text-sm">
          <UserText className="font-medium text-foreground">{file.name}</UserText>{' '}
          <span className="text-muted-foreground">({formatBytes(file.size)})</span>
        </p>
        <p className="text-xs text-muted-foreground">SHA-256 of your file</p>
        <HashText value={file.hash} label="file hash" />
      </div>
      {target === undefined ? (
        <Alert variant="info" title="Nothing to compare with yet">
          Verify a registration above, and this file’s hash will be compared with it.
        </Alert>
      ) : (
        <Alert
          // Against a registration hash a mismatch is expected (it covers more than the file): a caution, not an alarm.
          variant={match ? 'success' : registered ? 'danger' : 'warning'}
          role={match ? 'status' : 'alert'}
          title={
            registered
              ? match
                ? 'File matches the registered file'
                : 'File does not match the registered file'
              : match
                ? 'File matches the hash you entered'
                : 'File does not match the hash you entered'
          }
        >
          {registered ? (
            match ? (
              'This is the file that was registered under this TR number: its SHA-256 equals the registered file content hash.'
            ) : (
              <>
                Its SHA-256 differs from the registered file content hash, so it is not the registered file (even a
                one-byte change gives a different hash).
                <HashText value={registered} label="registered file content hash" className="mt-2" />
              </>
            )
          ) : (
            <>
              {registration
                ? 'This registration’s public record does not include a separate hash of the file, so the file’s SHA-256 is compared with the hash you entered.'
                : 'No registration is verified yet, so the file’s SHA-256 is compared with the hash you entered.'}{' '}
              {match
                ? null
                : 'A certificate’s cryptographic hash covers the whole registration (title, owner, date and file), so it differs from the file’s own hash: compare the hash above with the File Content Hash printed on the certificate instead.'}
            </>
          )}
        </Alert>
      )}
    </>
  );
}
