// Renders the toast store with Radix Toast: one at a time, 5000 ms, swipe right past 50 px to
// dismiss, F8 jumps to the toast area, which is at most 420 px wide.
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';

import { dismissToast, useToasts, type ToastVariant } from '@/hooks/use-toast';
import { cn } from '@/lib/cn';

const variants: Record<ToastVariant, string> = {
  default: 'border-border bg-surface text-foreground',
  success: 'border-success/40 bg-surface text-foreground',
  destructive: 'border-danger/50 bg-danger-soft text-danger',
};

export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant = 'default', open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'toast pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            variants[variant],
          )}
        >
          <div className="grid min-w-0 gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold wrap-anywhere">{title}</ToastPrimitive.Title>
            {description ? (
              <ToastPrimitive.Description className="text-sm opacity-90 wrap-anywhere">{description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* While a toast shows, the area is on top of the page, with a 16 px margin around the toast (along
          the bottom of the screen, the whole width of a phone): the toast takes clicks, its margin does not. */}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="pointer-events-none fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
