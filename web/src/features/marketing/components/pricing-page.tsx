// /pricing: the four plans at the authoritative prices, and a comparison table. Every plan
// button leads to /register.
import { Check, Minus } from 'lucide-react';
import { Link } from 'react-router-dom';

import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { ScrollTable } from '@/components/scroll-table';
import { useRegistrationFee } from '@/hooks/use-payment-config';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

import { CONTACT, PLANS, withFee } from '../content/site-facts';

import { MarketingPage } from './marketing-page';

type Cell = boolean | string;
const rows: ReadonlyArray<{ feature: string; cells: readonly [Cell, Cell, Cell, Cell] }> = [
  { feature: 'Search and verify registrations', cells: [true, true, true, true] },
  { feature: 'Registrations included', cells: ['—', '1 per payment', '3 per month', '100 per year'] },
  { feature: 'TR number, certificate and .tr file', cells: [false, true, true, true] },
  { feature: 'Priority processing', cells: [false, false, true, true] },
  { feature: 'Analytics and email notifications', cells: [false, false, true, true] },
  { feature: 'API access', cells: [false, false, true, true] },
  { feature: 'Bulk tools and custom integrations', cells: [false, false, false, true] },
  { feature: 'Account manager and priority phone support', cells: [false, false, false, true] },
];

/** What a plan's button says. */
function planAction(price: string): string {
  return price === '$0' ? 'Create a free account' : 'Choose plan';
}

function CellValue({ value }: { value: Cell }) {
  if (value === true) return <><Check aria-hidden="true" className="mx-auto size-4 text-success" /><span className="sr-only">Included</span></>;
  if (value === false) return <><Minus aria-hidden="true" className="mx-auto size-4 text-muted-foreground" /><span className="sr-only">Not included</span></>;
  return <span>{value}</span>;
}

export function PricingPage() {
  const fee = useRegistrationFee();
  return (
    <MarketingPage title="Pricing" lead="Pay per registration, or choose a plan if you register often. Prices in US dollars.">
      <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {PLANS.map((plan) => (
          <li
            key={plan.name}
            className={cn(
              'relative flex flex-col rounded-xl border bg-surface p-6 shadow-sm',
              plan.recommended ? 'border-accent ring-2 ring-accent/30' : 'border-border',
            )}
          >
            {plan.recommended ? <Badge variant="accent" className="absolute -top-3 left-6 bg-surface">Recommended</Badge> : null}
            <h2 className="text-lg font-semibold">{plan.name}</h2>
            <p className="mt-4">
              <span className="text-3xl font-semibold tracking-tight">{withFee(plan.price, fee.label)}</span>{' '}
              <span className="text-sm text-muted-foreground">{plan.cadence}</span>
            </p>
            <p className="mt-2 text-sm text-muted-foreground">{plan.summary}</p>
            <ul className="mt-6 grid flex-1 content-start gap-2 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                  {feature}
                </li>
              ))}
            </ul>
            <Button asChild className="mt-6" variant={plan.recommended ? 'primary' : 'secondary'}>
              {/* The name starts with the words shown (WCAG 2.5.3: speech users say what they see), then the plan. */}
              <Link to={paths.register} aria-label={`${planAction(plan.price)}: ${plan.name}`}>
                {planAction(plan.price)}
              </Link>
            </Button>
          </li>
        ))}
      </ul>

      <section aria-labelledby="compare-title" className="mt-16">
        <h2 id="compare-title" className="text-2xl font-semibold tracking-tight">Compare plans</h2>
        <ScrollTable label="Plan comparison table" className="mt-6">
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">What each plan includes</caption>
            <thead className="bg-subtle">
              <tr>
                <th scope="col" className="px-4 py-3 text-left font-semibold">Feature</th>
                {PLANS.map((plan) => (
                  <th key={plan.name} scope="col" className="px-4 py-3 text-center font-semibold">{plan.name}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.feature} className="border-t border-border">
                  <th scope="row" className="px-4 py-3 text-left font-medium">{row.feature}</th>
                  {row.cells.map((cell, i) => (
                    <td key={i} className="px-4 py-3 text-center text-muted-foreground"><CellValue value={cell} /></td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
        <p className="mt-6 text-sm text-muted-foreground">
          Questions about billing? Write to <a className="font-medium text-accent-text underline" href={`mailto:${CONTACT.supportEmail}`}>{CONTACT.supportEmail}</a>{' '}
          or read the <Link className="font-medium text-accent-text underline" to={`${paths.resources}#faq`}>FAQ</Link> and the{' '}
          <Link className="font-medium text-accent-text underline" to={paths.refund}>refund policy</Link>.
        </p>
      </section>
    </MarketingPage>
  );
}
