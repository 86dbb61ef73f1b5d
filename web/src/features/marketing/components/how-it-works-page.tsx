// /how-it-works: the four steps as they really happen, and where the time goes.
import { Link } from 'react-router-dom';

import { Button } from '@/components/button';
import { paths } from '@/lib/paths';

import { MarketingPage } from './marketing-page';

const steps = [
  {
    title: 'Create your account',
    text: 'Sign up with your name, contact details and a card. The card is stored by the payment provider; we keep only its brand, last four digits and expiry. Nothing is charged at sign-up: each registration is paid at checkout.',
  },
  {
    title: 'Upload your documents',
    text: 'Describe the work (title, material type, intended medium, author details) and upload the file: PDF, DOC, DOCX, TXT, RTF, PNG or JPEG. We check the file’s real type, compute its SHA-256 hashes and store it encrypted.',
  },
  {
    title: 'Verification',
    text: 'The work’s fingerprint joins a batch. Each batch becomes a Merkle tree whose root is written to an EVM chain (a local Hardhat chain in the default installation). Until its batch is anchored, usually within minutes, the registration shows as pending; then it shows as registered.',
  },
  {
    title: 'Digital title issued',
    text: 'You get the TR number at once, the PDF certificate with a QR code to the verify page, and a signed .tr file holding the proof and your encrypted work. Anyone can check the certificate against the chain.',
  },
] as const;

export function HowItWorksPage() {
  return (
    <MarketingPage
      title="How It Works"
      eyebrow="Learn"
      lead="From upload to a verifiable certificate in four steps. Nothing to mail, no office to wait for."
    >
      <ol className="grid max-w-3xl gap-8">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-5">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-base font-semibold text-accent-foreground">
              {index + 1}
            </span>
            <div>
              <h2 className="text-xl font-semibold tracking-tight">{step.title}</h2>
              <p className="mt-2 leading-7 text-muted-foreground">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>

      <div className="mt-12 flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link to={paths.registerTitle}>Register a title</Link>
        </Button>
        <Button asChild size="lg" variant="secondary">
          <Link to={paths.getStarted}>Create an account</Link>
        </Button>
        <Button asChild size="lg" variant="secondary">
          <Link to={paths.demo}>Watch the demo</Link>
        </Button>
        <Button asChild size="lg" variant="ghost">
          <Link to={`${paths.resources}#faq`}>Read the FAQ</Link>
        </Button>
      </div>
    </MarketingPage>
  );
}
