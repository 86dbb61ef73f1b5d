// The outcome of a verification (seed 000 §4): a red alert on error, 'Certificate Verified' with
// its checks and the registration's details, 'Registration Archived' for a registration deleted into
// the Forever Database (it existed and was anchored; no personal details), or 'Verification Failed'
// with both hashes side by side.
import { Archive, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { HashText } from '@/components/hash-text';
import { UserText } from '@/components/user-text';
import { paths } from '@/lib/paths';

import type { VerifiedRegistration } from '../api/get-verification';
import { explainMismatch, normalizeHashInput, type HashMismatch } from '../lib/compare-hashes';
import { formatDate } from '../lib/format';
import { CheckRow } from './check-row';

export function VerificationError({ message, trNumber }: { message: string; trNumber: string }) {
  return (
    <Alert variant="danger" role="alert" title={message}>
      {message === 'Registration not found' ? (
        <>
          This registry has no registration with the TR number <span className="font-mono text-foreground">{trNumber}</span>.
          TR numbers read like TR-COPY-2026-7K3MZQ2D (eight letters and digits at the end): check it against the
          certificate, or{' '}
          <Link to={paths.home} className="font-medium text-accent-text underline">
            search the registry
          </Link>{' '}
          by title or name. A certificate from another registry cannot be checked here.
        </>
      ) : (
        'Try again in a moment.'
      )}
    </Alert>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const text = status || 'unknown';
  return (
    <Badge variant={text === 'registered' ? 'success' : 'warning'} className="capitalize">
      {text}
    </Badge>
  );
}

export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="min-w-0 wrap-anywhere text-sm text-foreground">{children}</dd>
    </div>
  );
}

export function CertificateVerified({ registration }: { registration: VerifiedRegistration }) {
  return (
    <Card className="border-success/40">
      <CardHeader className="max-sm:p-4 max-sm:pb-0">
        <div className="flex items-center gap-3">
          <ShieldCheck aria-hidden="true" className="size-7 shrink-0 text-success" />
          <CardTitle className="text-xl">Certificate Verified</CardTitle>
        </div>
        <CardDescription>The hash you entered is the one registered under this TR number.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 max-sm:p-4">
        <ul className="grid gap-3" aria-label="Checks">
          <CheckRow state="passed" label="Certificate is authentic" />
          <CheckRow state="passed" label="Hash verification passed" />
          {registration.status === 'registered' ? (
            <CheckRow state="passed" label="Registration is active" />
          ) : (
            <CheckRow state="checking" label="Registration is pending">
              Recorded, and waiting for its batch to be anchored on the blockchain (usually seconds).
            </CheckRow>
          )}
        </ul>
        <dl className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2">
          <Detail term="Title">
            <UserText>{registration.title}</UserText>
          </Detail>
          <Detail term="TR Number">
            <span className="font-mono">{registration.tr_number}</span>
          </Detail>
          <Detail term="Material Type">{registration.material_type}</Detail>
          <Detail term="Registration Date">{formatDate(registration.registration_date)}</Detail>
          <Detail term="Status">
            <StatusBadge status={registration.status} />
          </Detail>
          {registration.registrant_name ? <Detail term="Registrant">
              <UserText>{registration.registrant_name}</UserText>
            </Detail> : null}
          <div className="grid min-w-0 gap-1 sm:col-span-2">
            <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Cryptographic Hash</dt>
            <dd>
              <HashText value={registration.cryptographic_hash} label="cryptographic hash" />
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

export function RegistrationArchived({ registration }: { registration: VerifiedRegistration }) {
  const archived = registration.archived;
  return (
    <Card className="border-warning/40">
      <CardHeader className="max-sm:p-4 max-sm:pb-0">
        <div className="flex items-center gap-3">
          <Archive aria-hidden="true" className="size-7 shrink-0 text-warning" />
          <CardTitle className="text-xl">Registration Archived</CardTitle>
        </div>
        <CardDescription>
          This certificate is genuine: the registration existed and its hash is the one you entered. It has since been
          archived and is no longer active. The registrant&apos;s details are not shown.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 max-sm:p-4">
        <ul className="grid gap-3" aria-label="Checks">
          <CheckRow state="passed" label="Registration existed" />
          <CheckRow state="passed" label="Hash verification passed" />
          <CheckRow state={archived?.anchored ? 'passed' : 'failed'} label={archived?.anchored ? 'Hash anchored on the blockchain' : 'Never anchored on the blockchain'} />
          <CheckRow state="failed" label={`Archived on ${formatDate(archived?.archived_at ?? '')}`}>
            <p>Registration is no longer active.</p>
          </CheckRow>
        </ul>
        <dl className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2">
          <Detail term="TR Number">
            <span className="font-mono">{registration.tr_number}</span>
          </Detail>
          <Detail term="Registration Date">{formatDate(registration.registration_date)}</Detail>
          <Detail term="Archived On">{formatDate(archived?.archived_at ?? '')}</Detail>
          <Detail term="Status">
            <StatusBadge status="archived" />
          </Detail>
          <div className="grid min-w-0 gap-1 sm:col-span-2">
            <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Cryptographic Hash</dt>
            <dd>
              <HashText value={registration.cryptographic_hash} label="cryptographic hash" />
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The file content hash entered for the Cryptographic Hash: both are printed on the certificate (QA 38 finding 7). */
function isFileContentHash(provided: string, fileContentHash: string | undefined): boolean {
  return Boolean(fileContentHash) && normalizeHashInput(provided).toLowerCase() === fileContentHash!.toLowerCase();
}

const WRITTEN_AS = { capitals: 'in capital letters', '0x prefix': 'with a 0x prefix', 'spaces inside': 'with spaces inside' } as const;

/** The hash entered is the registered one written otherwise, or no SHA-256 at all: what to do about it. */
function MismatchHint({ mismatch, trNumber }: { mismatch: HashMismatch; trNumber: string }) {
  if (mismatch.kind === 'written differently') {
    const how = mismatch.as.map((a) => WRITTEN_AS[a]);
    const asPrinted = `${paths.verify}?${new URLSearchParams({ tr: trNumber, hash: mismatch.printed })}`;
    return (
      <Alert variant="info" title="The same hash, written differently">
        <p>
          You entered this registration’s hash {how.join(' and ')}. Hashes are compared exactly, as the certificate prints
          them: lowercase, without a prefix or spaces.{' '}
          <Link to={asPrinted} className="font-medium text-accent-text underline">
            Verify it as printed
          </Link>
        </p>
      </Alert>
    );
  }
  if (mismatch.kind === 'not a sha-256') {
    return (
      <Alert variant="info" title="This is not a SHA-256 hash">
        A SHA-256 hash has 64 hexadecimal characters (0–9 and a–f);{' '}
        {mismatch.badCharacter !== null
          ? `the one you entered holds “${mismatch.badCharacter}”, which is not one of them.`
          : `the one you entered has ${mismatch.length}.`}{' '}
        Check that it was copied whole from the certificate.
      </Alert>
    );
  }
  return null;
}

export function VerificationFailed({
  provided,
  expected,
  fileContentHash,
  trNumber,
}: {
  provided: string;
  expected: string;
  fileContentHash?: string | undefined;
  trNumber: string;
}) {
  return (
    <Card className="border-danger/40" role="alert">
      <CardHeader className="max-sm:p-4 max-sm:pb-0">
        <div className="flex items-center gap-3">
          <ShieldAlert aria-hidden="true" className="size-7 shrink-0 text-danger" />
          <CardTitle className="text-xl">Verification Failed</CardTitle>
        </div>
        <CardDescription>
          The hash you provided does not match the hash registered under this TR number. This certificate may be invalid
          or may have been tampered with.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 max-sm:p-4">
        {isFileContentHash(provided, fileContentHash) ? (
          <Alert variant="info" title="This is the file content hash">
            The hash you entered is this registration’s file content hash; enter the Cryptographic Hash printed on the
            certificate.
          </Alert>
        ) : (
          <MismatchHint mismatch={explainMismatch(provided, expected)} trNumber={trNumber} />
        )}
        <div className="grid gap-1.5">
          <p className="text-sm font-medium">Provided hash</p>
          <HashText value={provided} label="provided hash" className="border-danger/30" />
        </div>
        <div className="grid gap-1.5">
          <p className="text-sm font-medium">Expected hash</p>
          <HashText value={expected} label="expected hash" className="border-success/30" />
        </div>
        <p className="text-xs text-muted-foreground">
          Hashes are compared exactly, character for character; only spaces around the hash you enter are ignored.
        </p>
      </CardContent>
    </Card>
  );
}
