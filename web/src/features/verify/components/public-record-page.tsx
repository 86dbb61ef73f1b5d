// /titles/{tr}: the public record of one registration, what search suggestions, search results and
// the certificate's QR code open. The public fields as registered (title, registrant, material type,
// medium, date, status), the anchor (block and time, checked by the browser), and a drop zone that
// hashes a file in the browser and compares it with the registered file. An archived registration
// shows only that it existed and was archived: the server sends no title or name for it.
import { isolate } from '@titleledger/api/schemas/isolate';
import { Archive, FileText, ShieldCheck } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { HashText } from '@/components/hash-text';
import { Loading } from '@/components/query-states';
import { UserText } from '@/components/user-text';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/lib/paths';

import { useVerification, type VerifiedRegistration } from '../api/get-verification';

import { formatDate, formatUtc } from '../lib/format';
import { FileCheck } from './file-check';
import { ProofPanel } from './proof-panel';
import { Detail, StatusBadge } from './verification-result';

// The certificate's hash is the verifier's to enter: a link carrying the registry's own hash would
// verify the registry against itself, whatever the certificate in hand says.
const verifyLink = (registration: VerifiedRegistration) => `${paths.verify}?${new URLSearchParams({ tr: registration.tr_number })}`;

function Hashes({ registration }: { registration: VerifiedRegistration }) {
  return (
    <>
      <div className="grid min-w-0 gap-1 sm:col-span-2">
        <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Cryptographic Hash</dt>
        <dd>
          <HashText value={registration.cryptographic_hash} label="cryptographic hash" />
        </dd>
      </div>
      {registration.file_content_hash ? (
        <div className="grid min-w-0 gap-1 sm:col-span-2">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">File SHA-256</dt>
          <dd>
            <HashText value={registration.file_content_hash} label="file hash" />
          </dd>
        </div>
      ) : null}
    </>
  );
}

function ActiveRecord({ registration }: { registration: VerifiedRegistration }) {
  return (
    <Card>
      <CardHeader className="max-sm:p-4 max-sm:pb-0">
        <div className="flex items-center gap-3">
          <FileText aria-hidden="true" className="size-6 shrink-0 text-accent-text" />
          <CardTitle className="text-xl">Registration record</CardTitle>
        </div>
        <CardDescription>The public record, as registered. Anyone can check it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 max-sm:p-4">
        <dl className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2">
          <Detail term="Title">
            <UserText>{registration.title}</UserText>
          </Detail>
          <Detail term="TR Number">
            <span className="font-mono">{registration.tr_number}</span>
          </Detail>
          <Detail term="Registrant">
            <UserText>{registration.registrant_name ?? '—'}</UserText>
          </Detail>
          <Detail term="Material Type">{registration.material_type}</Detail>
          <Detail term="Intended Medium">{registration.intended_medium ?? '—'}</Detail>
          <Detail term="Registration Date">{formatDate(registration.registration_date)}</Detail>
          <Detail term="Status">
            <StatusBadge status={registration.status} />
          </Detail>
          <Hashes registration={registration} />
        </dl>
        <section aria-label="Checking a certificate" className="grid gap-3 rounded-lg border border-border bg-subtle/60 p-4">
          <p className="text-sm font-medium text-foreground">Holding a certificate for {registration.tr_number}?</p>
          <p className="text-sm text-muted-foreground">
            A genuine one matches this record exactly: the title, the registrant, the registration date and both hashes.
            Any difference means it is not this registration’s certificate. To compare its cryptographic hash character
            for character, enter it on the verify page.
          </p>
          <div>
            <Button asChild variant="secondary">
              <Link to={verifyLink(registration)}>
                <ShieldCheck aria-hidden="true" />
                Check a certificate’s hash
              </Link>
            </Button>
          </div>
        </section>
      </CardContent>
    </Card>
  );
}

function ArchivedRecord({ registration }: { registration: VerifiedRegistration }) {
  return (
    <Card className="border-warning/40">
      <CardHeader className="max-sm:p-4 max-sm:pb-0">
        <div className="flex items-center gap-3">
          <Archive aria-hidden="true" className="size-6 shrink-0 text-warning" />
          <CardTitle className="text-xl">Archived registration</CardTitle>
        </div>
        <CardDescription>
          {registration.archived?.message ??
            'This registration was archived by the registry. Its details are no longer public; its hashes and blockchain proof still verify.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 max-sm:p-4">
        <dl className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2">
          <Detail term="TR Number">
            <span className="font-mono">{registration.tr_number}</span>
          </Detail>
          <Detail term="Status">
            <StatusBadge status="archived" />
          </Detail>
          <Detail term="Registration Date">{formatDate(registration.registration_date)}</Detail>
          {registration.archived ? <Detail term="Archived">{formatUtc(registration.archived.archived_at)}</Detail> : null}
          <Hashes registration={registration} />
        </dl>
      </CardContent>
    </Card>
  );
}

export function PublicRecordPage() {
  const { tr = '' } = useParams();
  const trNumber = tr.trim().toUpperCase();
  const verification = useVerification(trNumber || undefined);
  const registration: VerifiedRegistration | undefined = verification.data;
  // The tab's title is one string: the title in it is isolated, so a right-to-left one keeps " · TitleLedger" after it.
  useDocumentTitle(registration && !registration.archived && registration.title ? isolate(registration.title) : trNumber || 'Registration');

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-12 sm:px-6 sm:py-16 print:block print:space-y-8">
      <header className="grid gap-2">
        <p className="font-mono text-sm text-muted-foreground">{trNumber}</p>
        <UserText as="h1" className="wrap-anywhere text-3xl font-semibold tracking-tight text-foreground sm:text-4xl">
          {registration ? (registration.archived ? 'Archived registration' : registration.title) : 'Registration record'}
        </UserText>
      </header>

      {verification.isPending ? (
        <Loading>Loading the registration...</Loading>
      ) : verification.isError ? (
        <Alert variant="danger" role="alert" title={verification.error.message || 'Registration not found'}>
          No registration has the TR number {trNumber}. Check the number, or{' '}
          <Link to={paths.home} className="font-medium text-accent-text underline">
            search the registry
          </Link>
          .
        </Alert>
      ) : registration ? (
        <>
          {registration.archived ? <ArchivedRecord registration={registration} /> : <ActiveRecord registration={registration} />}
          <ProofPanel trNumber={registration.tr_number} registrationHash={registration.cryptographic_hash} status={registration.status} />
          <FileCheck registration={registration} enteredHash="" />
        </>
      ) : null}
    </div>
  );
}
