// What a file dropped on the verify page is (file-check.tsx hashes it): the registered file or not,
// or, with no registration verified, which registrations have it (its SHA-256 looked up). Loaded
// with the first file, not with the page.
import { LoaderCircle } from 'lucide-react';
import { Link } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { HashText } from '@/components/hash-text';
import { UserText } from '@/components/user-text';
import { titleRecordPath } from '@/lib/paths';

import { useHashLookup, type HashMatch } from '../api/get-hash-lookup';
import type { VerifiedRegistration } from '../api/get-verification';
import { hashesMatch } from '../lib/compare-hashes';
import { formatBytes, formatDate } from '../lib/format';

export type Hashed = { name: string; size: number; hash: string };

export function FileComparison({
  file,
  registration,
  enteredHash,
}: {
  file: Hashed;
  registration: VerifiedRegistration | undefined;
  enteredHash: string;
}) {
  const registered = registration?.file_content_hash;
  const match = registered !== undefined && hashesMatch(file.hash, registered);

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
      {file.size === 0 ? (
        <Alert variant="warning" title="This file is empty (0 bytes)">
          Check that you chose the work itself: a file still downloading or a shortcut can read as empty.
        </Alert>
      ) : null}
      {registered === undefined ? (
        <LookedUp file={file} enteredHash={enteredHash} registration={registration} />
      ) : (
        <>
          <Alert
            variant={match ? 'success' : 'danger'}
            role={match ? 'status' : 'alert'}
            title={match ? 'File matches the registered file' : 'File does not match the registered file'}
          >
            {match ? (
              'This is the file that was registered under this TR number: its SHA-256 equals the registered file content hash.'
            ) : (
              <>
                Its SHA-256 differs from the registered file content hash, so it is not the registered file (even a
                one-byte change gives a different hash).
                <HashText value={registered} label="registered file content hash" className="mt-2" />
              </>
            )}
          </Alert>
          {match || !registration ? null : <RegisteredElsewhere file={file} trNumber={registration.tr_number} />}
        </>
      )}
    </>
  );
}

/**
 * Not the file registered under the TR number verified above: is it another registration's? (A
 * certificate and a file mixed up, or a work registered twice.)
 */
function RegisteredElsewhere({ file, trNumber }: { file: Hashed; trNumber: string }) {
  const lookup = useHashLookup(file.hash);
  const others = lookup.data?.filter((m) => m.matched === 'file_content_hash' && m.tr_number !== trNumber) ?? [];
  if (others.length === 0) return null;
  return (
    <Alert variant="info" role="status" title={others.length === 1 ? 'This file is registered under another TR number' : `This file is registered under ${others.length} other TR numbers`}>
      <p>Its SHA-256 is the file content hash of {others.length === 1 ? 'this registration' : 'these registrations, oldest first'}, not of {trNumber}:</p>
      <MatchList matches={others} label="Other registrations of this file" />
      <p className="mt-2">Check that the certificate and the file you were given belong together.</p>
    </Alert>
  );
}

/** No registration verified above: which registrations, if any, have this file (its hash looked up). */
function LookedUp({ file, enteredHash, registration }: { file: Hashed; enteredHash: string; registration: VerifiedRegistration | undefined }) {
  const lookup = useHashLookup(file.hash);
  const files = lookup.data?.filter((m) => m.matched === 'file_content_hash');
  if (lookup.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        Looking the file up in the registry...
      </p>
    );
  }
  if (files && files.length > 0) {
    return (
      <Alert variant="success" role="status" title={files.length === 1 ? 'This file is registered' : `This file is registered ${files.length} times`}>
        <p>Its SHA-256 is the file content hash of {files.length === 1 ? 'this registration' : 'these registrations, oldest first'}:</p>
        <MatchList matches={files} label="Registrations of this file" />
        <p className="mt-2">Open a record to see its blockchain proof, checked by your browser.</p>
      </Alert>
    );
  }
  // Nothing registered with it (or the registry could not be asked): compare with the hash entered above, if any.
  const target = enteredHash.trim() === '' ? undefined : enteredHash;
  if (target === undefined) {
    return lookup.isError ? (
      <Alert variant="info" title="Nothing to compare with yet">
        The registry could not be asked just now. Verify a registration above, and this file’s hash will be compared
        with it.
      </Alert>
    ) : (
      <Alert variant="warning" role="alert" title="No registration on this site has this file">
        Its SHA-256 is not the file content hash of any registration here. Even a one-byte change (another format, an
        edit, a re-export) gives a different hash: ask for the exact file that was registered, its TR number or its
        .tr proof file.
      </Alert>
    );
  }
  const match = hashesMatch(file.hash, target);
  return (
    // Against a registration hash a mismatch is expected (it covers more than the file): a caution, not an alarm.
    <Alert variant={match ? 'success' : 'warning'} role={match ? 'status' : 'alert'} title={match ? 'File matches the hash you entered' : 'File does not match the hash you entered'}>
      {registration
        ? 'This registration’s public record does not include a separate hash of the file, so the file’s SHA-256 is compared with the hash you entered.'
        : 'No registration on this site has this file, and none is verified above, so the file’s SHA-256 is compared with the hash you entered.'}{' '}
      {match
        ? null
        : 'A certificate’s cryptographic hash covers the whole registration (title, owner, date and file), so it differs from the file’s own hash: compare the hash above with the File Content Hash printed on the certificate instead.'}
    </Alert>
  );
}

/** Registrations found by the file's hash, each linking to its record. */
function MatchList({ matches, label }: { matches: readonly HashMatch[]; label: string }) {
  return (
    <ul className="mt-2 grid gap-2" aria-label={label}>
      {matches.map((m) => (
        <MatchItem key={m.tr_number} match={m} />
      ))}
    </ul>
  );
}

function MatchItem({ match }: { match: HashMatch }) {
  const link = (
    <Link to={titleRecordPath(match.tr_number)} className="font-mono font-medium text-accent-text underline">
      {match.tr_number}
    </Link>
  );
  return (
    <li className="text-foreground">
      {match.archived ? (
        <>
          {link}, registered {formatDate(match.registration_date)}, archived on {formatDate(match.archived_at)}
        </>
      ) : (
        <>
          {link}: “<UserText>{match.title}</UserText>” by <UserText>{match.registrant_name}</UserText>, registered{' '}
          {formatDate(match.registration_date)} ({match.status})
        </>
      )}
    </li>
  );
}
