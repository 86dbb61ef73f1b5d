// The one button. `asChild` renders the styles onto a child (usually a router <Link>) so links
// that look like buttons stay real links. `pending` is for a submit whose request is running: it
// looks and reads as unavailable (aria-disabled) and ignores clicks, but keeps focus. `disabled` would
// drop focus to <body> the moment it applied, and a screen reader would lose its place as the answer
// came. `focusableWhenDisabled` does the same for a button its own action disables (Mark All Read
// once all are read): unavailable, but it keeps focus rather than drop it to <body>.
import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps, MouseEvent } from 'react';

import { cn } from '@/lib/cn';

const variants = {
  primary: 'bg-accent text-accent-foreground shadow-sm hover:bg-accent-hover',
  secondary: 'border border-border-strong bg-surface text-foreground shadow-sm hover:bg-subtle',
  ghost: 'text-foreground hover:bg-subtle',
  destructive: 'bg-danger text-white shadow-sm hover:opacity-90 dark:text-background',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-11 px-6 text-base',
  icon: 'size-10',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  asChild?: boolean;
  pending?: boolean;
  focusableWhenDisabled?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  pending = false,
  focusableWhenDisabled = false,
  disabled,
  className,
  type,
  onClick,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  const inactive = pending || (focusableWhenDisabled && disabled === true);
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    // Also stops a submit button's form from being sent again.
    if (inactive) return event.preventDefault();
    onClick?.(event);
  };
  return (
    <Component
      // A bare <button> defaults to submit; make that explicit opt-in instead.
      type={asChild ? type : (type ?? 'button')}
      disabled={focusableWhenDisabled ? undefined : disabled}
      aria-disabled={inactive || undefined}
      onClick={click}
      className={cn(
        'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors',
        'disabled:pointer-events-none disabled:opacity-50 aria-disabled:opacity-50',
        '[&_svg:not([class*="size-"])]:size-4 [&_svg]:shrink-0',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
