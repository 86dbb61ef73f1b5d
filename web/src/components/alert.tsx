// An inline message box for states that stay on the page (a notice, a success banner, an error),
// as opposed to toasts, which come and go.
import { CircleAlert, CircleCheck, Info, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';

import { cn } from '@/lib/cn';

const variants: Record<'info' | 'success' | 'warning' | 'danger', { box: string; Icon: LucideIcon }> = {
  info: { box: 'border-accent/25 bg-accent-soft text-foreground [&_svg]:text-accent-text', Icon: Info },
  success: { box: 'border-success/30 bg-success-soft text-foreground [&_svg]:text-success', Icon: CircleCheck },
  warning: { box: 'border-warning/30 bg-warning-soft text-foreground [&_svg]:text-warning', Icon: TriangleAlert },
  danger: { box: 'border-danger/30 bg-danger-soft text-foreground [&_svg]:text-danger', Icon: CircleAlert },
};

export type AlertProps = {
  variant?: keyof typeof variants;
  title: ReactNode;
  children?: ReactNode;
  className?: string;
  /** 'alert' for errors that must be announced at once; 'status' for polite updates. */
  role?: 'alert' | 'status';
  ref?: Ref<HTMLDivElement>;
};

export function Alert({ variant = 'info', title, children, className, role, ref }: AlertProps) {
  const { box, Icon } = variants[variant];
  return (
    <div ref={ref} role={role} className={cn('flex gap-3 rounded-lg border p-4 text-sm', box, className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid min-w-0 gap-1 wrap-anywhere">
        <p className="font-medium">{title}</p>
        {children ? <div className="text-muted-foreground">{children}</div> : null}
      </div>
    </div>
  );
}
