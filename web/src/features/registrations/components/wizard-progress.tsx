// The wizard's head: "Step n of 5", the percent complete, the bar, and the five step names
// (all of them from 640 px up; on a phone only the current one, which the first line names).
// "Step n of 5: name" is the step's heading: focus goes to it when the step changes (the page's
// h1 is the same on every step, so a screen reader focused there heard nothing change).
import { Check } from 'lucide-react';
import type { Ref } from 'react';

import { Progress } from '@/components/progress';
import { cn } from '@/lib/cn';

import { progressPercent, WIZARD_STEPS, type WizardStep } from '../lib/step-validation';

export function WizardProgress({ step, headingRef }: { step: WizardStep; headingRef?: Ref<HTMLHeadingElement> }) {
  const percent = progressPercent(step);
  const name = WIZARD_STEPS[step - 1];
  return (
    <div className="grid gap-3">
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <h2 ref={headingRef} tabIndex={-1} className="font-medium outline-none">
          Step {step} of {WIZARD_STEPS.length}: {name}
        </h2>
        <p className="shrink-0 text-muted-foreground">{percent}% complete</p>
      </div>
      <Progress value={percent} label="Registration progress" valueText={`Step ${step} of ${WIZARD_STEPS.length}: ${name}`} />
      <ol className="hidden grid-cols-5 gap-2 sm:grid">
        {WIZARD_STEPS.map((label, index) => {
          const number = index + 1;
          const done = number < step;
          const current = number === step;
          return (
            <li
              key={label}
              aria-current={current ? 'step' : undefined}
              className={cn(
                'flex items-center gap-2 text-xs',
                current ? 'font-medium text-foreground' : done ? 'text-foreground' : 'text-muted-foreground',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'inline-flex size-5 shrink-0 items-center justify-center rounded-full border text-[0.7rem]',
                  done && 'border-accent bg-accent text-accent-foreground',
                  current && 'border-accent text-accent-text',
                  !done && !current && 'border-border-strong',
                )}
              >
                {done ? <Check className="size-3" strokeWidth={3} /> : number}
              </span>
              <span className="min-w-0">{label}</span>
              {done ? <span className="sr-only">(done)</span> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
