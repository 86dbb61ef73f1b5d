// A confirmation that asks why: the seed's question, a reason (checked with the same schema the
// server uses, so "A reason is required" shows before any call) and the action. It stays open while
// the call runs and closes when `onConfirm` resolves; a failure leaves it open with the reason kept.
import { adminReasonSchema } from '@titleledger/api/schemas';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';

import { Button } from '@/components/button';
import { Dialog, DialogClose, DialogContent } from '@/components/dialog';
import { Field } from '@/components/field';
import { Textarea } from '@/components/textarea';

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
  onConfirm,
}: {
  /** The button that opens it (rendered by the caller, given `open`). */
  trigger: (open: () => void) => ReactNode;
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
  onConfirm: (reason: string) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const change = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (!next) {
      setReason('');
      setError(undefined);
    }
  };

  const confirm = async () => {
    let value = reason.trim();
    if (!optional || value !== '') {
      const parsed: z.ZodSafeParseResult<string> = schema.safeParse(reason);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? 'A reason is required');
        return;
      }
      value = parsed.data;
    }
    setError(undefined);
    setPending(true);
    const done = await onConfirm(value).finally(() => setPending(false));
    if (done) change(false);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      {trigger(() => setOpen(true))}
      <DialogContent
        title={title}
        description={question}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant={destructive ? 'destructive' : 'primary'} onClick={() => void confirm()} disabled={pending}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </>
        }
      >
        <Field label={optional ? `${fieldLabel} (optional)` : fieldLabel} error={error} hint="Recorded with your name in the access log.">
          {(control) => <Textarea {...control} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={1000} />}
        </Field>
      </DialogContent>
    </Dialog>
  );
}
