// Text input. Pair it with <Label htmlFor>; aria-invalid turns the border red. dir="auto": what is
// typed in Arabic or Hebrew reads right to left (user-text.tsx).
import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      dir="auto"
      type={type}
      className={cn(
        'h-10 w-full min-w-0 rounded-md border border-border-strong bg-surface px-3 text-sm text-foreground shadow-xs',
        'placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
        'aria-invalid:border-danger',
        className,
      )}
      {...props}
    />
  );
}
