// A short list of choices. Deliberately the native <select>: it is the most reliable picker on
// phones and with screen readers, and styled it matches <Input>. Pair it with <Label htmlFor>.
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';

export type SelectOption = { value: string; label: string };

export type SelectProps = Omit<ComponentProps<'select'>, 'children'> & {
  options: readonly SelectOption[];
  placeholder?: string;
};

export function Select({ options, placeholder, className, ...props }: SelectProps) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'h-10 w-full min-w-0 appearance-none rounded-md border border-border-strong bg-surface pl-3 pr-9 text-sm text-foreground shadow-xs',
          'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger',
          'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
        )}
        {...props}
      >
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
