// What an admin may do to one registration: admin2+ corrects its metadata (the anchored hash never
// changes, the correction is shown beside it); admin3+ deletes it, which archives it to the Forever
// Database with the reason given (seed 001 §5 confirmation, §8.3 toasts).
import {
  ADMIN_MESSAGES,
  adminRegistrationCorrectionRequestSchema,
  type AdminRegistration,
} from '@titleledger/api/schemas';
import { PencilLine, Trash2 } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/dialog';
import { Field } from '@/components/field';
import { HashText } from '@/components/hash-text';
import { Input } from '@/components/input';
import { Textarea } from '@/components/textarea';
import { sentenceWith, UserText } from '@/components/user-text';
import { useGoToFirstInvalid } from '@/hooks/use-go-to-first-invalid';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';

import { useCorrectRegistration, useDeleteRegistration } from '../api/manage-records';
import type { PortalRights } from '../lib/rights';
import { fieldErrors } from '../lib/field-errors';
import { ReasonDialog } from './reason-dialog';

function DeleteRegistrationButton({ registration }: { registration: Pick<AdminRegistration, 'id' | 'title'> }) {
  const remove = useDeleteRegistration();
  const onConfirm = async (reason: string) => {
    try {
      await remove.mutateAsync({ trNumber: registration.id, reason });
      toast({ title: ADMIN_MESSAGES.registrationDeletedTitle, description: ADMIN_MESSAGES.registrationDeleted, variant: 'success' });
      return true;
    } catch (error) {
      const why = errorMessage(error, '');
      toast({
        title: 'Error',
        description: why ? `${ADMIN_MESSAGES.deleteRegistrationFailed}: ${why}` : ADMIN_MESSAGES.deleteRegistrationFailed,
        variant: 'destructive',
      });
      return false;
    }
  };
  return (
    <ReasonDialog
      title="Delete registration"
      question={sentenceWith(ADMIN_MESSAGES.deleteRegistrationConfirm, registration.title)}
      confirmLabel="Delete registration"
      pendingLabel="Deleting..."
      removesRow
      onConfirm={onConfirm}
      trigger={
        <Button variant="secondary" size="sm" aria-label={`Delete ${registration.title} (${registration.id})`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
    />
  );
}

function CorrectRegistrationButton({ registration }: { registration: AdminRegistration }) {
  const once = useSingleFlight();
  const correct = useCorrectRegistration();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(registration.title);
  const [description, setDescription] = useState(registration.description);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A refused field takes focus with its message: on a phone the reason's was below the dialog's fold.
  const goToFirstInvalid = useGoToFirstInvalid();

  const change = (next: boolean) => {
    setOpen(next);
    if (next) {
      setTitle(registration.title);
      setDescription(registration.description);
      setReason('');
      setErrors({});
    }
  };

  const submit = async (form: HTMLFormElement) => {
    // Only what changed is sent: a correction names the fields it corrects.
    const parsed = adminRegistrationCorrectionRequestSchema.safeParse({
      ...(title !== registration.title ? { title } : {}),
      ...(description !== registration.description ? { description } : {}),
      reason,
    });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      goToFirstInvalid(form, Object.keys(found));
      return;
    }
    setErrors({});
    try {
      await correct.mutateAsync({ trNumber: registration.id, correction: parsed.data });
      toast({ title: 'Registration Corrected', description: `${registration.id} now shows the corrected details.`, variant: 'success' });
      setOpen(false);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to correct registration'), variant: 'destructive' });
    }
  };

  const formId = `correct-${registration.id}`;
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={`Edit ${registration.title} (${registration.id})`}>
          <PencilLine aria-hidden="true" />
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Correct registration"
        description={`${registration.id}: the registered record and its anchored hash stay as they are; the correction is shown beside them.`}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" form={formId} pending={correct.isPending}>
              {correct.isPending ? 'Saving...' : 'Save correction'}
            </Button>
          </>
        }
      >
        <form id={formId} aria-label="Correct registration" className="grid gap-4" onSubmit={(event) => {
            event.preventDefault();
            const form = event.currentTarget;
            void once(() => submit(form));
          }} noValidate>
          <div className="grid gap-1.5">
            <p className="text-sm font-medium">Anchored hash (never changes)</p>
            <HashText value={registration.blockchain_hash} label="anchored hash" />
            {registration.registeredTitle ? (
              <p className="text-xs text-muted-foreground">
                Registered as &ldquo;<UserText className="wrap-anywhere">{registration.registeredTitle}</UserText>&rdquo;
              </p>
            ) : null}
          </div>
          <Field label="Title" error={errors.title}>
            {(control) => <Input {...control} name="title" value={title} onChange={(event) => setTitle(event.target.value)} />}
          </Field>
          <Field label="Description" error={errors.description}>
            {(control) => <Textarea {...control} name="description" value={description} onChange={(event) => setDescription(event.target.value)} />}
          </Field>
          <Field label="Reason" error={errors.reason} hint="Recorded with your name in the access log.">
            {(control) => <Textarea {...control} name="reason" className="min-h-16" value={reason} onChange={(event) => setReason(event.target.value)} />}
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function RegistrationActions({ registration, rights }: { registration: AdminRegistration; rights: PortalRights }) {
  if (registration.status === 'archived' || (!rights.edit && !rights.delete)) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {rights.edit ? <CorrectRegistrationButton registration={registration} /> : null}
      {rights.delete ? <DeleteRegistrationButton registration={registration} /> : null}
    </div>
  );
}
