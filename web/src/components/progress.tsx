// A determinate progress bar (role="progressbar" with its value), for long work the user waits on.
import { cn } from '@/lib/cn';

export type ProgressProps = {
  /** 0 to 100. */
  value: number;
  /** What is progressing, for screen readers ("Registration progress"). */
  label: string;
  /** Spoken instead of the bare number, e.g. "Step 2 of 5". */
  valueText?: string;
  className?: string;
};

export function Progress({ value, label, valueText, className }: ProgressProps) {
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-subtle', className)}
    >
      <div
        className="h-full rounded-full bg-accent transition-[width] duration-300 ease-out motion-reduce:transition-none"
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
