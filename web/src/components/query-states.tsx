// The two states every page that reads from the API shows before its content: still loading
// (a spinner with a sentence), and could not load (the reason and Try again).
import { LoaderCircle } from 'lucide-react';

import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';

import { Alert } from './alert';
import { Button } from './button';

export function Loading({ children, className }: { children: string; className?: string }) {
  return (
    <p role="status" className={cn('flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-accent-text" />
      {children}
    </p>
  );
}

export function LoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="danger" role="alert" title={title}>
      <p>{errorMessage(error, 'Please try again.')}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
