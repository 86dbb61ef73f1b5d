// A confirmation that asks why: the seed's question, a reason (checked with the same schema the
// server uses, so "A reason is required" shows before any call) and the action. It stays open while
// the call runs (the button pending, not disabled: focus stays on it, and a double click's second
// click does nothing) and closes when `onConfirm` resolves; a failure leaves it open with the reason
// kept. Closed, it hands focus back to its button, or, when the action removed that button's row
// (`removesRow`: a deleted registration or user), to the row that took its place (lib/focus.ts).
// A refused reason takes focus with its message (it appeared while focus stayed on the button: unheard,
// and on a phone out of sight).
import { adminReasonSchema } from '@titleledger/api/schemas';
import { useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';

import { Button } from '@/components/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/dialog';
import { Field } from '@/components/field';
import { Textarea } from '@/components/textarea';
import { useGoToFirstInvalid } from '@/hooks/use-go-to-first-invalid';
import { placeOf, returnFocusTo, type ListPlace } from '@/lib/focus';

export function ReasonDialog({
  trigger,
  title,
  question,
  confirmLabel,
  pendingLabel,
  optional = false,
  destructive = true,
  fieldLabel = 'Reason',
  schema = adminReasonSchema,
  removesRow = false,
  onConfirm,
}: {
  /** The button that opens it. */
  trigger: ReactNode;
  title: string;
  /** The question: a string, or a sentence whose title or name is set with UserText / sentenceWith. */
  question: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /** A reason may be left empty (restoring); otherwise it is required. */
  optional?: boolean;
  destructive?: boolean;
  /** What the text asked for is called ('Reason' unless given, e.g. 'Note'). */
  fieldLabel?: string;
  /** The server's rule for the text (the admin reason's unless given). */
  schema?: z.ZodType<string>;
  /** Done, the action takes the trigger's row out of its list: focus goes to the next row. */
  removesRow?: boolean;
  onConfirm: (reason: string) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const place = useRef<ListPlace | null>(null);
  const done = useRef(false);
  const running = useRef(false);
  const fieldBox = useRef<HTMLDivElement>(null);
  const goToFirstInvalid = useGoToFirstInvalid();

  const change = (next: boolean) => {
    if (running.current) return;
    setOpen(next);
    if (next) {
      place.current = opener.current ? placeOf(opener.current) : null;
      done.current = false;
    } else {
      setReason('');
      setError(undefined);
    }
  };

  const confirm = async () => {
    if (running.current) return;
    let value = reason.trim();
    if (!optional || value !== '') {
      const parsed: z.ZodSafeParseResult<string> = schema.safeParse(reason);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? 'A reason is required');
        goToFirstInvalid(fieldBox.current, ['reason']);
        return;
      }
      value = parsed.data;
    }
    setError(undefined);
    running.current = true;
    setPending(true);
    const succeeded = await onConfirm(value).finally(() => {
      running.current = false;
      setPending(false);
    });
    if (succeeded) {
      done.current = removesRow;
      change(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild ref={opener}>
        {trigger}
      </DialogTrigger>
      <DialogContent
        title={title}
        description={question}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (place.current) returnFocusTo(place.current, done.current);
        }}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" pending={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant={destructive ? 'destructive' : 'primary'} onClick={() => void confirm()} pending={pending}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </>
        }
      >
        <div ref={fieldBox}>
          <Field label={optional ? `${fieldLabel} (optional)` : fieldLabel} error={error} hint="Recorded with your name in the access log.">
            {(control) => <Textarea {...control} name="reason" value={reason} onChange={(event) => setReason(event.target.value)} maxLength={1000} />}
          </Field>
        </div>
      </DialogContent>
    </Dialog>
  );
}
