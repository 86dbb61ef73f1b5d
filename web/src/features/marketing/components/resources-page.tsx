// /resources: guides and the FAQ (#faq), at the plan cards' prices.
import { Link } from 'react-router-dom';

import { useRegistrationFee } from '@/hooks/use-payment-config';
import { paths } from '@/lib/paths';

import { PLANS, REFUNDS, withFee } from '../content/site-facts';

import { MarketingPage, ProseSection } from './marketing-page';

const [, oneTime, monthly, annual] = PLANS;

const faq = [
  {
    q: 'Is a TitleLedger registration a copyright registration?',
    a: 'No. It is evidence that a specific file existed no later than a specific time, which you can show to anyone. It is not a government copyright registration and does not give the statutory benefits such a registration may give.',
  },
  {
    q: 'How much does it cost?',
    a: `${oneTime?.price} per registration. The ${monthly?.name} is ${monthly?.price} per month with 3 registrations; the ${annual?.name} is ${annual?.price} per year with 100 registrations. Searching and verifying are free.`,
  },
  {
    q: 'What is a TR number?',
    a: 'The registration number of your title, shaped like TR-COPY-2026-7KQ2MXH4. It is printed on the certificate and lets anyone find and verify the registration.',
  },
  {
    q: 'How does verification work?',
    a: 'Your file is hashed with SHA-256. Hashes are grouped in Merkle trees whose roots are written to an EVM chain (a local Hardhat chain in the default installation). Verifying recomputes the path from your hash to the root and checks the root on chain.',
  },
  {
    q: 'Which files can I upload?',
    a: 'PDF, DOC, DOCX, TXT, RTF, PNG and JPEG. The file is stored encrypted; only its title and registration details are searchable.',
  },
  {
    q: 'How long does it take?',
    a: 'The TR number and certificate are issued as soon as your upload completes. The registration shows as pending until its batch is anchored, usually within minutes.',
  },
  {
    q: 'Can I get a refund?',
    a: `Yes, in the cases of our refund policy: ${REFUNDS.accidental}, ${REFUNDS.conditional}, and ${REFUNDS.caseByCase}.`,
  },
  {
    q: 'Who can see my registration?',
    a: 'Anyone can search the title, TR number, registrant name and material type. Nobody but you can read the work itself.',
  },
] as const;

export function ResourcesPage() {
  const fee = useRegistrationFee();
  return (
    <MarketingPage title="Resources" lead="Guides to registering and verifying, and answers to common questions.">
      <ProseSection title="Guides">
        <ul>
          <li><Link to={paths.howItWorks}>How a registration works, step by step</Link></li>
          <li><Link to={paths.demo}>A walk-through with a certificate you can verify</Link></li>
          <li><Link to={paths.verify}>Verify a certificate</Link></li>
          <li><Link to={paths.pricing}>Plans and prices</Link></li>
        </ul>
      </ProseSection>
      <section id="faq" aria-labelledby="faq-title" className="max-w-3xl scroll-mt-24 border-t border-border py-8">
        <h2 id="faq-title" className="text-xl font-semibold tracking-tight">Frequently asked questions</h2>
        <div className="mt-4 divide-y divide-border rounded-lg border border-border bg-surface">
          {faq.map((item) => (
            <details key={item.q} className="group px-4 py-3">
              <summary className="cursor-pointer list-none rounded-sm font-medium text-foreground marker:hidden">
                <span className="mr-2 inline-block transition-transform group-open:rotate-90" aria-hidden="true">›</span>
                {item.q}
              </summary>
              <p className="mt-2 pl-4 leading-7 text-muted-foreground">{withFee(item.a, fee.label)}</p>
            </details>
          ))}
        </div>
      </section>
    </MarketingPage>
  );
}
