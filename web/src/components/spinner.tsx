// Progress indicators: an inline Spinner, and the full-screen one shown while the session loads.
import { LoaderCircle } from 'lucide-react';

import { cn } from '@/lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex">
      <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin text-accent-text', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullScreenSpinner() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-background"
    >
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-accent-text" />
      <p className="text-sm text-muted-foreground">Loading...</p>
    </div>
  );
}
