// A table wider than a phone, in a region that scrolls sideways. On a phone the last columns (the
// ones the table is about: "TitleLedger", the plans) were cut off at the edge with nothing saying
// the table scrolls. While it overflows, a "Scroll for more" hint shows above it (and describes
// the region to screen readers), and a fade on the right edge shows there is more, until the end
// is reached. The region stays focusable (arrow keys scroll it) and labelled.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { cn } from '@/lib/cn';

export function ScrollTable({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const region = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [overflow, setOverflow] = useState<{ more: boolean; atEnd: boolean }>({ more: false, atEnd: true });

  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const measure = () => {
      const more = element.scrollWidth > element.clientWidth + 1;
      const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
      setOverflow((current) => (current.more === more && current.atEnd === atEnd ? current : { more, atEnd }));
    };
    measure();
    const resize = new ResizeObserver(measure);
    resize.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      resize.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, []);

  return (
    // minmax(0, 1fr): a grid column would otherwise grow to the table's width, and nothing would scroll.
    <div className={cn('grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2', className)}>
      {overflow.more ? (
        <p id={hintId} className="justify-self-end text-xs font-medium text-muted-foreground">
          Scroll for more <span aria-hidden="true">→</span>
        </p>
      ) : null}
      <div className="relative">
        <div
          ref={region}
          role="region"
          aria-label={label}
          aria-describedby={overflow.more ? hintId : undefined}
          tabIndex={0}
          // relative: the containing block of what is positioned inside (the sr-only caption), which
          // would otherwise escape the scrolling and widen the page.
          className="relative overflow-x-auto rounded-lg border border-border bg-surface"
        >
          {children}
        </div>
        {overflow.more && !overflow.atEnd ? (
          <div
            aria-hidden="true"
            data-testid="scroll-fade"
            className="pointer-events-none absolute inset-y-px right-px w-12 rounded-r-lg bg-gradient-to-l from-surface to-transparent"
          />
        ) : null}
      </div>
    </div>
  );
}
