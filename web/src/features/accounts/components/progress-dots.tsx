// The wizard's 3-dot progress indicator: one dot per step that asks for something (account,
// legal, payment); the success step shows all three done.
import { Check } from 'lucide-react';

import { cn } from '@/lib/cn';

const LABELS = ['Account information', 'Legal agreements', 'Payment information'] as const;

export function ProgressDots({ step }: { step: number }) {
  const current = Math.min(step, LABELS.length);
  return (
    <div className="grid gap-3">
      <ol className="flex items-center justify-center gap-3" aria-label="Sign-up progress">
        {LABELS.map((label, index) => {
          const number = index + 1;
          const done = number < step;
          const active = number === step;
          return (
            <li key={label} className="flex items-center gap-3">
              <span
                aria-current={active ? 'step' : undefined}
                className={cn(
                  'flex size-3 items-center justify-center rounded-full ring-4 transition-colors',
                  done && 'size-5 bg-accent ring-accent-soft',
                  active && 'bg-accent ring-accent-soft',
                  !done && !active && 'bg-border-strong ring-transparent',
                )}
              >
                {done ? <Check aria-hidden="true" className="size-3 text-accent-foreground" strokeWidth={3} /> : null}
                <span className="sr-only">
                  {label}
                  {done ? ' (done)' : active ? ' (current)' : ''}
                </span>
              </span>
              {number < LABELS.length ? (
                <span aria-hidden="true" className={cn('h-px w-10 sm:w-16', done ? 'bg-accent' : 'bg-border-strong')} />
              ) : null}
            </li>
          );
        })}
      </ol>
      {step <= LABELS.length ? (
        <p className="text-center text-sm text-muted-foreground">
          Step {current} of {LABELS.length}: <span className="font-medium text-foreground">{LABELS[current - 1]}</span>
        </p>
      ) : null}
    </div>
  );
}
