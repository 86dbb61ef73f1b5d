// The outcome of a `.tr` file's check on /verify (tr-file-check.tsx runs it): the verdict, what this
// site's registry says of the TR number now, every check with its reason, and the check independent
// of this site. Loaded with the first result, not with the page.
import { LoaderCircle } from 'lucide-react';
import type { Verdict } from '@titleledger/ledger/verifier';
import { Link } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { UserText } from '@/components/user-text';
import { titleRecordPath } from '@/lib/paths';

import { useVerification } from '../api/get-verification';
import { formatDate, formatUtc } from '../lib/format';
import type { ShownRegistration } from '../lib/tr-registration';
import { CheckRow } from './check-row';
import { DEV_CHAIN_ID, DevChainNote } from './dev-chain-note';
import { PinnedVerifyCommand } from './pinned-verify-command';

const CHECK_LABELS: Record<string, string> = {
  format: 'Readable .tr file',
  signature: 'Signature',
  document: 'Enclosed work',
  'cryptographic hash': 'Registration hash',
  'merkle proof': 'Merkle proof',
  'registry contract': 'Anchored in this site’s registry',
  'chain id': 'Chain',
  'root on chain': 'Root anchored on chain',
  'registry key on chain': 'Signing key bound on chain',
};

export interface Checked {
  readonly name: string;
  readonly checks: readonly { name: string; ok: boolean; detail: string }[];
  readonly verdict: Verdict;
  readonly registration: ShownRegistration | null;
  /** The public key the file's signature names (unchecked: only to pick the key the pinned command shows). */
  readonly signedBy: string | null;
  /** What the file says it is (unchecked), to look it up in this site's registry: its TR number, hash and chain. */
  readonly claims: Claims | null;
}

export interface Claims {
  readonly trNumber: string;
  readonly cryptographicHash: string | null;
  readonly rpcUrl: string | null;
}

/** The chain id the passed 'chain id' check names ("chain 31337 at …"), or null. */
function checkedChainId(checks: Checked['checks']): number | null {
  const detail = checks.find((c) => c.name === 'chain id' && c.ok)?.detail;
  const match = detail ? /^chain (\d+) /.exec(detail) : null;
  return match ? Number(match[1]) : null;
}

export function TrFileResult({ result }: { result: Checked }) {
  const { verdict } = result;
  const chainId = checkedChainId(result.checks);
  const r = result.registration;
  return (
    <>
      {verdict.status === 'failed' && isPendingFile(verdict.failed) ? (
        <Alert variant="warning" role="alert" title="Not verified yet: this file holds no blockchain proof">
          <span className="wrap-anywhere">
            It was downloaded before its registration was anchored, so it cannot prove when it existed. See below what this
            site’s registry says of it now.
          </span>
        </Alert>
      ) : verdict.status === 'failed' ? (
        <Alert variant="danger" role="alert" title={`Not verified: ${CHECK_LABELS[verdict.failed.name] ?? verdict.failed.name} failed`}>
          <span className="wrap-anywhere">{verdict.failed.detail}.</span>
        </Alert>
      ) : verdict.status === 'not tied' ? (
        <Alert variant="warning" role="status" title="Consistent, but not tied to TitleLedger’s registry">
          Every check passed, but this site could not say which registry contract it anchors in, so nothing ties the file
          to TitleLedger. Try again later, or run the verifier with a pin as below.
        </Alert>
      ) : (
        <Alert variant="success" role="status" title="Proof file verified">
          {r ? (
            <>
              {r.trNumber}, “<UserText>{r.title}</UserText>”
              {r.registrantName ? (
                <>
                  {' '}
                  by <UserText>{r.registrantName}</UserText>
                </>
              ) : null}
              , registered {formatUtc(r.registeredAt)}
              {r.fileName ? (
                <>
                  {' '}
                  (<UserText>{r.fileName}</UserText>)
                </>
              ) : null}
              : signed by a key bound in this site’s registry contract, anchored there.
            </>
          ) : (
            'Every check passed.'
          )}
        </Alert>
      )}
      {result.claims ? <CurrentRecord claims={result.claims} pendingFile={verdict.status === 'failed' && isPendingFile(verdict.failed)} /> : null}
      <ul aria-label={`Checks of ${result.name}`} className="grid gap-3">
        {result.checks.map((check) => (
          <CheckRow key={check.name} state={check.ok ? 'passed' : 'failed'} label={CHECK_LABELS[check.name] ?? check.name}>
            <p className="break-all">{check.detail}</p>
          </CheckRow>
        ))}
      </ul>
      {verdict.status === 'failed' ? null : (
        <>
          {chainId === DEV_CHAIN_ID ? <DevChainNote /> : null}
          <p className="text-xs text-muted-foreground">
            The chain was read through this site’s RPC proxy, in the registry contract this site names: this result trusts
            this site.
          </p>
          <PinnedVerifyCommand fileName={result.name} chainId={chainId} signedBy={result.signedBy} />
        </>
      )}
    </>
  );
}

/** The verifier's "file carries no proof" failure: a file downloaded while its registration was pending. */
function isPendingFile(check: { name: string; detail: string }): boolean {
  return check.name === 'merkle proof' && check.detail.startsWith('the file carries no proof');
}

/** The site a URL belongs to, or null. */
function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * What this site's registry says of the TR number the file names, now: a file proves what was
 * registered and when, not that the registration is still active (an archived one), nor that it was
 * anchored since a pending download; and a file naming another site's chain was issued there.
 */
function CurrentRecord({ claims, pendingFile }: { claims: Claims; pendingFile: boolean }) {
  const record = useVerification(claims.trNumber);
  const tr = <span className="font-mono">{claims.trNumber}</span>;
  const recordLink = (
    <Link to={titleRecordPath(claims.trNumber)} className="font-medium text-accent-text underline">
      Open its public record
    </Link>
  );
  let body;
  if (record.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        Looking {claims.trNumber} up in this site’s registry...
      </p>
    );
  } else if (record.isError) {
    const elsewhere = originOf(claims.rpcUrl);
    body =
      record.error.message === 'Registration not found' ? (
        <Alert variant="warning" title={<>This site has no registration {tr}</>}>
          {elsewhere && elsewhere !== window.location.origin
            ? `The file names the chain of another site, ${elsewhere}: it was issued there. Check it on that site.`
            : 'Nothing registered here has this TR number, so this site’s registry does not vouch for the file.'}
        </Alert>
      ) : (
        <Alert variant="info" title="This site’s registry could not be asked just now">
          The checks above stand on their own; try again in a moment to see the registration’s current state.
        </Alert>
      );
  } else {
    const now = record.data;
    if (claims.cryptographicHash !== null && now.cryptographic_hash !== claims.cryptographicHash) {
      body = (
        <Alert variant="danger" title={<>This site’s record of {tr} has another hash</>}>
          The file names a registration hash this site never registered under that TR number: it is not this registration’s
          file. {recordLink}.
        </Alert>
      );
    } else if (now.archived) {
      body = (
        <Alert variant="warning" title={<>Archived by the registry on {formatDate(now.archived.archived_at)}</>}>
          The registration existed{now.archived.anchored ? ' and was anchored, as the file shows' : ''}, but this site’s
          registry has archived it: it is no longer active. {recordLink}.
        </Alert>
      );
    } else if (now.status === 'registered') {
      body = (
        <Alert variant="success" title={<>Registered and active on this site</>}>
          This site’s record of {claims.trNumber} (“<UserText>{now.title}</UserText>”) is anchored in its registry
          {pendingFile ? ' (since this file was downloaded: its owner can download it again, with the proof)' : ''}.{' '}
          {recordLink} to see its blockchain proof.
        </Alert>
      );
    } else {
      body = (
        <Alert variant="info" title={<>Still pending on this site</>}>
          {claims.trNumber} is recorded but not anchored yet; anchoring usually takes seconds. {recordLink}: it shows the proof
          once there is one.
        </Alert>
      );
    }
  }
  return (
    <section aria-label="On this site's registry now" className="grid gap-2">
      <p className="text-sm font-medium text-foreground">On this site’s registry now</p>
      {body}
    </section>
  );
}
