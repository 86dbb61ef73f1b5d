// Multi-line text input, styled like <Input> (dir="auto" too). Pair it with <Label htmlFor> (or <Field>).
import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      dir="auto"
      className={cn(
        'min-h-24 w-full min-w-0 rounded-md border border-border-strong bg-surface px-3 py-2 text-sm text-foreground shadow-xs',
        'placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
        'aria-invalid:border-danger',
        className,
      )}
      {...props}
    />
  );
}
