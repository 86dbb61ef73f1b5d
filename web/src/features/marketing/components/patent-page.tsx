// /patent: the internal-style IP strategy analysis (seed 001 §2.13): how TitleLedger itself
// plans to protect its technology, ranked, with a roadmap and a budget.
import { MarketingPage, ProseSection } from './marketing-page';
import { ScrollTable } from '@/components/scroll-table';

const options = [
  { priority: 1, option: 'Trademark', cost: 'Details in progress', timeline: 'Details in progress', success: 'Details in progress', duration: 'Details in progress' },
  { priority: 2, option: 'Copyright for code', cost: '$65 per registration', timeline: '3-6 months', success: '95%+ for original work', duration: 'Life plus 70 years' },
  { priority: 3, option: 'Trade secrets', cost: '$5-10K setup', timeline: 'Immediate', success: 'High if maintained', duration: 'Indefinite while secret' },
  { priority: 4, option: 'Limited patents', cost: '$15-50K per patent', timeline: '2-4 years to grant', success: 'Under 3% for blockchain patents', duration: '20 years from filing' },
] as const;

const roadmap = [
  { when: 'Weeks 1-2', what: 'Trademark filing (details in progress)' },
  { when: 'Weeks 3-4', what: 'Trade secret documentation' },
  { when: 'Month 2', what: 'Copyright registration of the code' },
  { when: 'Months 3-6', what: 'Patent evaluation' },
] as const;

export function PatentPage() {
  return (
    <MarketingPage
      title="IP Strategy"
      eyebrow="Internal analysis"
      lead="How TitleLedger plans to protect its own technology. An informational analysis, not legal advice."
    >
      <ProseSection title="Protection options, ranked">
        <p>Trademark first, then copyright for the code, then trade secrets, and patents only where they are likely to hold.</p>
      </ProseSection>
      <ScrollTable label="Protection options table">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">Intellectual property protection options</caption>
          <thead className="bg-subtle">
            <tr>
              {['Priority', 'Option', 'Cost', 'Timeline', 'Success', 'Duration of protection'].map((h) => (
                <th key={h} scope="col" className="px-4 py-3 font-semibold">{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {options.map((o) => (
              <tr key={o.priority} className="border-t border-border">
                <td className="px-4 py-3 tabular-nums">{o.priority}</td>
                <th scope="row" className="px-4 py-3 font-medium">
                  {o.priority === 1 ? 'Trademark filing (details in progress)' : o.option}
                </th>
                <td className="px-4 py-3 text-muted-foreground">{o.cost}</td>
                <td className="px-4 py-3 text-muted-foreground">{o.timeline}</td>
                <td className="px-4 py-3 text-muted-foreground">{o.success}</td>
                <td className="px-4 py-3 text-muted-foreground">{o.duration}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      <div className="mt-10">
        <ProseSection title="Roadmap">
          <ol className="grid gap-2">
            {roadmap.map((step) => (
              <li key={step.when} className="ml-0 list-none">
                <strong>{step.when}</strong>: {step.what}
              </li>
            ))}
          </ol>
        </ProseSection>
        <ProseSection title="Budget">
          <p>Total recommended budget: <strong>$10,000-15,000</strong>.</p>
        </ProseSection>
      </div>
    </MarketingPage>
  );
}
