// Modal dialogs on Radix Dialog: focus is trapped while open and returns to the trigger on close.
// `dismissible={false}` makes a dialog that only its own buttons can close (no Escape, no click
// outside, no close button), which the sign-up legal agreements need. `initialFocus="body"` opens on
// the text rather than the first button: a document to read before choosing, whose first button
// would otherwise take a reflex Enter (the agreements' first is "I Decline"); the text can then be
// scrolled with the arrow keys. A dialog whose opener is gone when it closes (replaced by what the
// choice made) says where focus goes with `onCloseAutoFocus` (see lib/focus.ts).
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';

import { cn } from '@/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export type DialogContentProps = {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  dismissible?: boolean;
  initialFocus?: 'first-control' | 'body';
  onCloseAutoFocus?: (event: Event) => void;
  className?: string;
};

export function DialogContent({
  title,
  description,
  children,
  footer,
  dismissible = true,
  initialFocus = 'first-control',
  onCloseAutoFocus,
  className,
}: DialogContentProps) {
  const block = (event: Event) => event.preventDefault();
  const body = useRef<HTMLDivElement>(null);
  const focusBody = (event: Event) => {
    if (!body.current) return;
    event.preventDefault();
    body.current.focus({ preventScroll: true });
  };
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...(dismissible ? {} : { onEscapeKeyDown: block, onPointerDownOutside: block, onInteractOutside: block })}
        {...(initialFocus === 'body' ? { onOpenAutoFocus: focusBody } : {})}
        {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col',
          'rounded-xl border border-border bg-surface text-foreground shadow-xl outline-none',
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4 px-6 pt-6">
          <div className="grid min-w-0 gap-1.5 wrap-anywhere">
            <DialogPrimitive.Title className="text-lg font-semibold tracking-tight">{title}</DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="text-sm text-muted-foreground">{description}</DialogPrimitive.Description>
            ) : null}
          </div>
          {dismissible ? (
            <DialogPrimitive.Close
              aria-label="Close"
              className="-mr-2 -mt-1 rounded-md p-1.5 text-muted-foreground hover:bg-subtle hover:text-foreground"
            >
              <X aria-hidden="true" className="size-4" />
            </DialogPrimitive.Close>
          ) : null}
        </div>
        {children ? (
          <div
            ref={body}
            // In the tab order when it is where the dialog opens: the text is what is to be read (and scrolled).
            tabIndex={initialFocus === 'body' ? 0 : undefined}
            className="min-h-0 overflow-y-auto px-6 py-4 focus-visible:outline-offset-[-2px]"
          >
            {children}
          </div>
        ) : (
          <div className="h-4" />
        )}
        {footer ? (
          <div className="flex flex-col-reverse gap-2 border-t border-border px-6 py-4 sm:flex-row sm:justify-end">{footer}</div>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
