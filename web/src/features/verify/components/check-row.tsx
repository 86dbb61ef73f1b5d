// One line of a verification checklist: a mark (passed, failed, still checking), what was checked,
// and a detail line. The mark is spelled out for screen readers, never colour alone.
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

export type CheckState = 'passed' | 'failed' | 'checking';

const marks = {
  passed: { Icon: CircleCheck, className: 'text-success', word: 'Passed' },
  failed: { Icon: CircleX, className: 'text-danger', word: 'Failed' },
  checking: { Icon: LoaderCircle, className: 'animate-spin text-accent-text', word: 'Checking' },
} as const;

export function CheckRow({ state, label, children }: { state: CheckState; label: ReactNode; children?: ReactNode }) {
  const { Icon, className, word } = marks[state];
  return (
    <li className="flex gap-3">
      <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${className}`} />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="text-sm font-medium text-foreground">
          <span className="sr-only">{word}: </span>
          {label}
        </p>
        {children ? <div className="grid min-w-0 gap-2 text-sm text-muted-foreground">{children}</div> : null}
      </div>
    </li>
  );
}
