// /verify (seed 000 "Certificate verification page", §4 and §5): a TR number and a hash checked
// against the registration, run at once when the address carries both `tr` and `hash`; for a valid
// certificate, the blockchain proof checked in the browser; a local check of the original file; and
// a `.tr` proof file checked in the browser without a TR number or hash.
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useDocumentTitle } from '@/hooks/use-document-title';

import { useVerification, verificationQueryOptions } from '../api/get-verification';
import { hashesMatch, normalizeHashInput } from '../lib/compare-hashes';
import { FileCheck } from './file-check';
import { TrFileCheck } from './tr-file-check';
import { CertificateVerified, RegistrationArchived, VerificationError, VerificationFailed } from './verification-result';
import { VerifyForm } from './verify-form';

// The proof card (its checks, the chain read, the independent command) comes with the first result:
// not in the page's first paint.
const ProofPanel = lazy(async () => ({ default: (await import('./proof-panel')).ProofPanel }));

type Request = { tr: string; hash: string };

function requestFrom(search: URLSearchParams): Request | null {
  const tr = (search.get('tr') ?? '').trim();
  const hash = normalizeHashInput(search.get('hash') ?? '');
  return tr && hash ? { tr, hash } : null;
}

export function VerifyPage() {
  useDocumentTitle('Verify Certificate');
  const [search, setSearch] = useSearchParams();
  const [trNumber, setTrNumber] = useState(() => search.get('tr') ?? '');
  const [hash, setHash] = useState(() => search.get('hash') ?? '');
  const [request, setRequest] = useState<Request | null>(() => requestFrom(search));
  const [missingInput, setMissingInput] = useState(false);
  const verification = useVerification(request?.tr);
  const queryClient = useQueryClient();

  // A link followed while already on /verify (a certificate's QR code, say) runs it again.
  const fromAddress = requestFrom(search);
  useEffect(() => {
    if (!fromAddress) return;
    if (request && request.tr === fromAddress.tr && request.hash === fromAddress.hash) return;
    setTrNumber(fromAddress.tr);
    setHash(fromAddress.hash);
    setRequest(fromAddress);
    // Only a change of the address matters here; `request` is read as it stands at that moment.
  }, [fromAddress?.tr, fromAddress?.hash]);

  const submit = () => {
    const next = { tr: trNumber.trim(), hash: normalizeHashInput(hash) };
    if (!next.tr || !next.hash) {
      setMissingInput(true);
      return;
    }
    setMissingInput(false);
    // Asking again for the same TR number starts over (loading, then the answer), like a first ask.
    if (request && request.tr === next.tr) void queryClient.resetQueries({ queryKey: verificationQueryOptions(next.tr).queryKey });
    setRequest(next);
    // The address then names what was checked, so the result can be shared or bookmarked.
    setSearch({ tr: next.tr, hash: next.hash }, { replace: true });
  };

  // A background refresh (the proof panel asks for one once the registration is anchored) keeps the
  // result on screen; only a new ask shows the loading state.
  const loading = verification.isLoading;
  const registration = request && !verification.isError && !loading ? verification.data : undefined;
  const valid = registration && request ? hashesMatch(request.hash, registration.cryptographic_hash) : false;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-12 sm:px-6 sm:py-16 print:block print:space-y-8">
      <header className="grid gap-3">
        <h1 className="text-3xl font-semibold tracking-tight text-foreground sm:text-4xl">Verify Certificate</h1>
        <p className="max-w-prose text-base text-muted-foreground">
          Enter the TR number and the cryptographic hash printed on a certificate to check them against the registry,
          and see the proof that the registration is anchored on the blockchain.
        </p>
      </header>

      <section aria-label="Certificate details" className="rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-6">
        <VerifyForm
          trNumber={trNumber}
          hash={hash}
          onTrNumberChange={setTrNumber}
          onHashChange={setHash}
          onSubmit={submit}
          loading={loading}
          missingInput={missingInput}
        />
      </section>

      <section aria-label="Verification result" aria-live="polite" className="grid gap-6 empty:hidden print:block print:space-y-6">
        {request && verification.isError && !verification.isFetching ? (
          <VerificationError message={verification.error.message || 'Verification failed'} trNumber={request.tr} />
        ) : null}
        {registration && request ? (
          valid ? (
            <>
              {registration.archived ? <RegistrationArchived registration={registration} /> : <CertificateVerified registration={registration} />}
              {/* An archived registration that was never anchored has no proof to show (nor will it get one). */}
              {registration.archived && !registration.archived.anchored ? null : (
                <Suspense fallback={<p className="text-sm text-muted-foreground">Fetching the proof...</p>}>
                  <ProofPanel
                    trNumber={registration.tr_number || request.tr}
                    registrationHash={registration.cryptographic_hash}
                    status={registration.status}
                  />
                </Suspense>
              )}
            </>
          ) : (
            <VerificationFailed
              provided={request.hash}
              expected={registration.cryptographic_hash}
              fileContentHash={registration.file_content_hash}
              trNumber={registration.tr_number || request.tr}
            />
          )
        ) : null}
      </section>

      <FileCheck registration={registration} enteredHash={hash} />

      <TrFileCheck />
    </div>
  );
}
