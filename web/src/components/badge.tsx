// Small status labels. Colour carries meaning only together with the text inside.
import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';

const variants = {
  neutral: 'bg-subtle text-muted-foreground ring-border',
  accent: 'bg-accent-soft text-accent-text ring-accent/20',
  success: 'bg-success-soft text-success ring-success/25',
  warning: 'bg-warning-soft text-warning ring-warning/25',
  danger: 'bg-danger-soft text-danger ring-danger/25',
} as const;

export type BadgeProps = ComponentProps<'span'> & { variant?: keyof typeof variants };

export function Badge({ variant = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
