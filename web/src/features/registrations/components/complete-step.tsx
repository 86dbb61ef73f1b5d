// Step 5, Registration Complete (seed 001 §2.2): the TR number, both hashes, a preview image of the
// certificate's first page with "Open PDF", the two downloads and the way to the dashboard. And
// what step 5's address shows later (a reload, Back to it): the registration that payment made.
import { CircleCheck, Download, ExternalLink, FileKey2, FileText, LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { HashText } from '@/components/hash-text';
import { UserText } from '@/components/user-text';
import { paths, titleRecordPath } from '@/lib/paths';

import { useDownloadFile, useOpenCertificate } from '../api/download-file';
import { certificateImageUrl } from '../lib/downloads';
import type { RegistrationResult } from '../lib/registration-response';
import { sameHash } from '../lib/sha256';

export function CompleteStep({ result, localHash }: { result: RegistrationResult; localHash: string | null }) {
  const { trNumber, cryptographicHash, fileContentHash } = result;
  const compared = localHash !== null && fileContentHash !== '';
  const matches = compared && sameHash(localHash, fileContentHash);
  const download = useDownloadFile();
  const openPdf = useOpenCertificate();
  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="grid gap-6">
          <CompleteHeading title="Registration Complete">Your work is registered. Keep the TR number and hashes safe.</CompleteHeading>

          <dl className="grid gap-5">
            <div className="grid gap-1.5">
              <dt className="text-sm font-medium">TR number</dt>
              <dd>
                <HashText value={trNumber} label="TR number" className="text-base" />
              </dd>
            </div>
            <div className="grid gap-1.5">
              <dt className="text-sm font-medium">Cryptographic hash</dt>
              <dd>
                <HashText value={cryptographicHash} label="cryptographic hash" />
              </dd>
            </div>
            <div className="grid gap-1.5">
              <dt className="text-sm font-medium">File content hash (SHA-256)</dt>
              <dd>
                <HashText value={fileContentHash || 'Not reported by the server'} label="file content hash" />
              </dd>
            </div>
          </dl>

          {compared ? (
            matches ? (
              <Alert variant="success" title="File hash verified">
                The server's file content hash matches the SHA-256 your browser computed before the upload.
              </Alert>
            ) : (
              <Alert variant="danger" role="alert" title="File hash mismatch">
                The server reported a different file content hash than the one your browser computed before the upload
                ({localHash}). The stored file may not be the one you chose. Contact support before relying on this
                registration.
              </Alert>
            )
          ) : null}

          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button pending={download.isPending} onClick={() => download.mutate({ kind: 'certificate', trNumber })}>
              <Download aria-hidden="true" />
              Download PDF
            </Button>
            <Button variant="secondary" pending={download.isPending} onClick={() => download.mutate({ kind: 'tr', trNumber })}>
              <FileKey2 aria-hidden="true" />
              Download .TR file
            </Button>
            <Button asChild variant="ghost" className="sm:ml-auto">
              <Link to={paths.dashboard}>
                <LayoutDashboard aria-hidden="true" />
                Go to Dashboard
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Certificate preview</CardTitle>
          <CardDescription>The first page of the PDF certificate for {trNumber}.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
          {/* An image, rendered by the server from the PDF: a PDF in a frame is blank on many phones. */}
          <img
            src={certificateImageUrl(trNumber)}
            alt={`First page of the certificate for ${trNumber}`}
            className="w-full rounded-md border border-border bg-white shadow-sm"
            width={1240}
            height={1753}
          />
          <Button variant="secondary" pending={openPdf.isPending} onClick={() => openPdf.mutate(trNumber)}>
            <ExternalLink aria-hidden="true" />
            Open PDF
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * The address of a payment this person's registration has used, opened again (step 5 reloaded, or
 * reached by Back): the registration is done, so the page says so and where it is, rather than the
 * spec's "Payment Already Used … start a new registration", which reads as a failure.
 */
/** The check mark, the heading and what it means: step 5's top, for a registration just made or reloaded. */
function CompleteHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <CircleCheck aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-success" />
      <div className="grid min-w-0 gap-1">
        <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
        <p className="text-sm text-muted-foreground wrap-anywhere">{children}</p>
      </div>
    </div>
  );
}

export function AlreadyRegistered({ trNumber, title }: { trNumber: string; title: string }) {
  const download = useDownloadFile();
  return (
    <Card>
      <CardContent className="grid gap-6">
        <CompleteHeading title="This registration is complete">
          This payment paid for your registration of “<UserText>{title}</UserText>”. Nothing more is needed, and it will not be charged again.
        </CompleteHeading>
        <dl className="grid gap-1.5">
          <dt className="text-sm font-medium">TR number</dt>
          <dd>
            <HashText value={trNumber} label="TR number" className="text-base" />
          </dd>
        </dl>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button asChild>
            <Link to={titleRecordPath(trNumber)}>
              <FileText aria-hidden="true" />
              View the registration
            </Link>
          </Button>
          <Button variant="secondary" pending={download.isPending} onClick={() => download.mutate({ kind: 'certificate', trNumber })}>
            <Download aria-hidden="true" />
            Download PDF
          </Button>
          <Button asChild variant="ghost" className="sm:ml-auto">
            <Link to={paths.registerTitle}>Register another title</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
