// /demo: a walk-through of a registration and its certificate. When an anchored registration
// exists, the last step verifies it for real on /verify; otherwise it says there is none yet and
// shows what the certificate holds, without pretending to verify anything.
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card, CardContent } from '@/components/card';
import { useRegistrationFee } from '@/hooks/use-payment-config';
import { paths } from '@/lib/paths';

import { usePublicStats } from '../api/get-public-stats';
import { FEE, withFee } from '../content/site-facts';

import { MarketingPage } from './marketing-page';

const walkthrough = [
  { title: 'Describe the work', text: 'Title, material type (say, Screenplay), intended medium, and the author’s details.' },
  { title: 'Pay and upload', text: `Pay ${FEE}, then upload the file. Its type is checked from its contents, and it is hashed while it streams in.` },
  { title: 'Receive the title', text: 'A TR number like TR-COPY-2026-7KQ2MXH4 is issued with the cryptographic hash, the file content hash, the PDF certificate and the .tr file.' },
  { title: 'Anchor', text: 'The hash joins the next Merkle batch; the batch root is written to an EVM chain and the registration turns from pending to registered.' },
  { title: 'Verify', text: 'Anyone enters the TR number and the hash from the certificate (or scans its QR code) on the verify page and sees the result.' },
] as const;

export function DemoPage() {
  const fee = useRegistrationFee();
  const stats = usePublicStats();
  const sample = stats.data?.sample ?? null;
  return (
    <MarketingPage title="Demo" lead="Follow one registration from upload to a verified certificate.">
      <ol className="grid max-w-3xl gap-6">
        {walkthrough.map((step, index) => (
          <li key={step.title} className="flex gap-4">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent-text">
              {index + 1}
            </span>
            <div>
              <h2 className="font-semibold">{step.title}</h2>
              <p className="mt-1 leading-7 text-muted-foreground">{withFee(step.text, fee.label)}</p>
            </div>
          </li>
        ))}
      </ol>

      <Card className="mt-12 max-w-3xl">
        <CardContent className="grid gap-4">
          <h2 className="text-lg font-semibold">Try it on a real certificate</h2>
          {stats.isPending ? (
            <p className="text-sm text-muted-foreground">Looking for a registration to verify…</p>
          ) : sample ? (
            <>
              <p className="text-sm text-muted-foreground">
                This is the earliest anchored registration on this installation. Its TR number and hash are printed on its
                public certificate; the verify page checks them against the record and the chain.
              </p>
              <dl className="grid gap-2 text-sm">
                <div>
                  <dt className="text-muted-foreground">TR number</dt>
                  <dd className="font-mono [overflow-wrap:anywhere]">{sample.trNumber}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Cryptographic hash</dt>
                  <dd className="font-mono text-xs [overflow-wrap:anywhere]">{sample.hash}</dd>
                </div>
              </dl>
              <div>
                <Button asChild>
                  <Link to={`${paths.verify}?tr=${encodeURIComponent(sample.trNumber)}&hash=${encodeURIComponent(sample.hash)}`}>
                    <CircleCheck aria-hidden="true" /> Verify this certificate
                  </Link>
                </Button>
              </div>
            </>
          ) : (
            <Alert title="No anchored registration here yet">
              This installation has no registration whose batch has been anchored, so there is nothing real to verify. Once
              a work is registered and anchored, this card links straight to its verification. You can also register your
              own work and verify it from its certificate.
            </Alert>
          )}
        </CardContent>
      </Card>

      <div className="mt-10 flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.getStarted}>Get started</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.verify}>Open the verify page</Link>
        </Button>
      </div>
    </MarketingPage>
  );
}
