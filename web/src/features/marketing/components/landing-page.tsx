// The landing page (/ when signed out, and /home): hero with the search, real figures from the
// read models, what you get, traditional versus TitleLedger, four steps, testimonials and the
// closing call to action. No invented numbers: the figures come from GET /api/stats/public.
import { ArrowRight, Blocks, FileCheck2, Fingerprint, Search, ShieldCheck, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

import { Button } from '@/components/button';
import { Card, CardContent } from '@/components/card';
import { ScrollTable } from '@/components/scroll-table';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useRegistrationFee } from '@/hooks/use-payment-config';
import { formatCount } from '@/lib/format-count';
import { paths } from '@/lib/paths';

import { usePublicStats } from '../api/get-public-stats';
import { FEE, withFee } from '../content/site-facts';

const features = [
  {
    Icon: Fingerprint,
    title: 'A fingerprint of your exact file',
    text: 'We compute SHA-256 hashes of the work you upload. Change one character and the fingerprint changes, so the certificate proves which version existed.',
  },
  {
    Icon: Blocks,
    title: 'Anchored on a public ledger',
    text: 'Fingerprints are batched into a Merkle tree whose root is written to an EVM chain. Anyone can check a proof against that root without trusting us.',
  },
  {
    Icon: FileCheck2,
    title: 'Certificate and .tr proof file',
    text: 'You get a TR number, a PDF certificate with a verification QR code, and a signed .tr file holding your proof and your encrypted work.',
  },
  {
    Icon: Search,
    title: 'Searchable, verifiable record',
    text: 'Titles, TR numbers and registrant names are publicly searchable, and every certificate can be checked on the verify page in seconds.',
  },
] as const;

const comparison: ReadonlyArray<{ topic: string; traditional: string; platform: string }> = [
  { topic: 'What you get', traditional: 'A government record of your claim', platform: 'A timestamped, hash-based proof that your exact file existed' },
  { topic: 'Time to a record', traditional: 'Processing by an office, often weeks or months', platform: 'TR number and certificate as soon as you upload' },
  { topic: 'Cost', traditional: 'A filing fee set per application by the office', platform: `${FEE} per registration, or a plan` },
  { topic: 'Who can verify it', traditional: 'Whoever asks the office', platform: 'Anyone, with the certificate and a chain connection' },
  { topic: 'Legal standing', traditional: 'Statutory benefits where the law grants them', platform: 'Evidence of authorship and timing; not a government registration' },
];

const steps = [
  { title: 'Create your account', text: 'Sign up with your details and a card on file. Nothing is charged until you register a work, at checkout.' },
  { title: 'Upload your work', text: 'Describe the work and upload the file: PDF, Word, text, RTF or an image.' },
  { title: 'We hash and anchor it', text: 'Your file is hashed, encrypted at rest, and its fingerprint joins the next batch anchored on chain.' },
  { title: 'Your title is issued', text: 'Download your certificate and .tr file; share the TR number so others can verify it.' },
] as const;

const testimonials = [
  {
    content: 'I register every draft of a screenplay before it goes out to readers. The certificate takes a minute and the hash settles any question about which version was sent.',
    author: 'Maya R.',
    role: 'Screenwriter',
  },
  {
    content: 'Our students publish AI-assisted essays. Registering them gives each one a dated, checkable record we can point to without a long paper trail.',
    author: 'Daniel K.',
    role: 'Writing programme coordinator',
  },
  {
    content: 'I like that I can verify my own certificates on the public page. I do not have to take anyone’s word for it, including theirs.',
    author: 'Ines D.',
    role: 'Songwriter',
  },
] as const;

function Section({ id, title, lead, children }: { id: string; title: string; lead?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
      <h2 id={id} className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">
        {title}
      </h2>
      {lead ? <p className="mt-3 max-w-2xl text-muted-foreground">{lead}</p> : null}
      <div className="mt-10">{children}</div>
    </section>
  );
}

function Figures() {
  const stats = usePublicStats();
  const format = (n: number | undefined) => (n === undefined ? '—' : formatCount(n));
  const items = [
    { label: 'works registered', value: format(stats.data?.worksRegistered) },
    { label: 'creators', value: format(stats.data?.creators) },
    { label: 'SHA-256 hashes per work', value: '2' },
  ];
  return (
    <dl className="mt-10 grid max-w-xl grid-cols-3 gap-4" aria-busy={stats.isPending}>
      {items.map((item) => (
        <div key={item.label} className="rounded-lg border border-border bg-surface/70 px-4 py-3">
          <dt className="text-xs text-muted-foreground">{item.label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-foreground">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Stars() {
  return (
    <p role="img" className="flex gap-0.5 text-warning" aria-label="Rated 5 out of 5">
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} aria-hidden="true" className="size-4 fill-current" />
      ))}
    </p>
  );
}

export type LandingPageProps = {
  /** The live search box, composed in by the app (features do not import each other). */
  search?: ReactNode;
};

/**
 * A text with the registration fee in it, as the server sets it. Its own component, so the fee's
 * answer re-renders these few words, not the whole page (a long task on a phone's main thread).
 */
function WithFee({ text = FEE }: { text?: string }) {
  const fee = useRegistrationFee();
  return withFee(text, fee.label);
}

/**
 * To checkout for the fee: /checkout/{fee} (seed 000 §2's /checkout/9.99 at the default fee). The
 * amount is the server's fee, so the link never asks for another; until it is known, /checkout,
 * which shows the same fee.
 */
function CheckoutForFeeLink(props: Omit<LinkProps, 'to'>) {
  const { fee } = useRegistrationFee();
  return <Link {...props} to={fee ? `${paths.checkout}/${(fee.amountCents / 100).toFixed(2)}` : paths.checkout} />;
}

export function LandingPage({ search }: LandingPageProps) {
  useDocumentTitle('Home');
  return (
    <>
      <section className="border-b border-border bg-gradient-to-b from-accent-soft to-background">
        <div className="mx-auto w-full max-w-6xl px-4 pb-16 pt-14 sm:px-6 sm:pt-20">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-text">Registration for creative works</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-semibold tracking-tight text-foreground sm:text-5xl">
            Prove what you created, and when.
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-muted-foreground">
            TitleLedger hashes your manuscript, screenplay, lyrics or AI-assisted work, anchors the fingerprint on a public
            ledger, and gives you a TR number and a certificate anyone can verify.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={paths.getStarted}>
                Get started <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to={paths.verify}>Verify a certificate</Link>
            </Button>
          </div>
          {search ? <div className="mt-10 max-w-2xl">{search}</div> : null}
          <Figures />
        </div>
      </section>

      <Section id="features-title" title="What a registration gives you" lead="Everything you need to show that a specific file existed at a specific time.">
        <ul className="grid gap-6 sm:grid-cols-2">
          {features.map(({ Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full">
                <CardContent className="flex gap-4">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-text">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <div>
                    <h3 className="font-semibold text-foreground">{title}</h3>
                    <p className="mt-2 text-sm leading-6 text-muted-foreground">{text}</p>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <div className="border-y border-border bg-surface">
        <Section
          id="comparison-title"
          title="Traditional registration and TitleLedger"
          lead="They do different jobs. Many creators use both: TitleLedger for every draft, a government registration where the law rewards it."
        >
          <ScrollTable label="Comparison table">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">Traditional registration compared with TitleLedger</caption>
              <thead className="bg-subtle text-foreground">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold"><span className="sr-only">Topic</span></th>
                  <th scope="col" className="px-4 py-3 font-semibold">Traditional registration</th>
                  <th scope="col" className="px-4 py-3 font-semibold">TitleLedger</th>
                </tr>
              </thead>
              <tbody>
                {comparison.map((row) => (
                  <tr key={row.topic} className="border-t border-border">
                    <th scope="row" className="px-4 py-3 font-medium text-foreground">{row.topic}</th>
                    <td className="px-4 py-3 text-muted-foreground">{row.traditional}</td>
                    <td className="px-4 py-3 text-foreground"><WithFee text={row.platform} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        </Section>
      </div>

      <Section id="steps-title" title="Four steps">
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-border bg-surface p-6">
              <span className="flex size-8 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground">
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold text-foreground">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="testimonials-title" title="How creators use it" lead="Illustrative examples of the ways creators use TitleLedger.">
        <ul className="grid gap-6 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.author}>
              <figure className="flex h-full flex-col rounded-xl border border-border bg-surface p-6">
                <Stars />
                <blockquote className="mt-4 flex-1 text-sm leading-6 text-foreground">“{t.content}”</blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-semibold text-foreground">{t.author}</span>
                  <span className="block text-muted-foreground">{t.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="cta-title" className="mx-auto w-full max-w-6xl px-4 pb-20 sm:px-6">
        <div className="rounded-2xl bg-accent px-6 py-12 text-accent-foreground sm:px-12">
          <ShieldCheck aria-hidden="true" className="size-8" />
          <h2 id="cta-title" className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">
            Register your next work for <WithFee />
          </h2>
          {/* Full strength: white at 90% on the dark theme's accent read 4.48:1, under the 4.5:1 text needs. */}
          <p className="mt-3 max-w-2xl">
            One payment, one registration: TR number, certificate, hashes and a .tr proof file. Not a government copyright
            registration, and it does not pretend to be one.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg" variant="secondary" className="border-transparent">
              <CheckoutForFeeLink>Register a work for <WithFee /></CheckoutForFeeLink>
            </Button>
            <Link
              to={paths.howItWorks}
              className="inline-flex h-11 items-center rounded-md px-6 text-base font-medium text-white ring-1 ring-inset ring-white/70 hover:bg-white/10"
            >
              See how it works
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
