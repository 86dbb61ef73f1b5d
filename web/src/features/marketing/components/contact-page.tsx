// /contact: name, e-mail, subject and message, all required (seed 001 §2.11, §5; no minimum
// lengths, unlike the support form). Sent as a support request of type "other", so it gets a ticket
// number like any support request.
import { SUPPORT_LIMITS, contactRequestSchema } from '@titleledger/api/schemas';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { Textarea } from '@/components/textarea';
import { useFocusOnNextMount } from '@/hooks/use-focus-on-next-mount';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';
import { paths } from '@/lib/paths';

import { useSendContactMessage, type ContactMessage } from '../api/send-contact-message';
import { CONTACT } from '../content/site-facts';

import { MarketingPage } from './marketing-page';

const empty: ContactMessage = { name: '', email: '', subject: '', message: '' };
type Errors = Partial<Record<keyof ContactMessage, string>>;

function validate(form: ContactMessage): Errors {
  const errors: Errors = {};
  for (const key of Object.keys(form) as Array<keyof ContactMessage>) if (!form[key].trim()) errors[key] = 'Required';
  const parsed = contactRequestSchema.safeParse({ fullName: form.name, email: form.email, subject: form.subject, message: form.message });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'fullName' ? 'name' : (issue.path[0] as keyof ContactMessage);
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

export function ContactPage() {
  const [form, setForm] = useState<ContactMessage>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [ticket, setTicket] = useState<string | null>(null);
  const send = useSendContactMessage();
  // A double click sent the message twice: two tickets.
  const once = useSingleFlight();
  // The form and the thank-you replace each other: focus follows.
  const thanks = useFocusOnNextMount<HTMLDivElement>();
  const anotherMessage = useFocusOnNextMount<HTMLInputElement>();

  const set = (key: keyof ContactMessage) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void once(async () => {
      try {
        const answer = await send.mutateAsync(form);
        thanks.arm();
        setTicket(answer.ticketNumber);
        setForm(empty);
        toast({ title: 'Message sent', description: `Your ticket number is ${answer.ticketNumber}.`, variant: 'success' });
      } catch (error) {
        toast({ title: 'Message not sent', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      }
    });
  };

  return (
    <MarketingPage title="Contact" lead="Questions, press or partnerships. For problems with your account, the support center is quicker.">
      <div className="grid gap-10 lg:grid-cols-[1fr_20rem]">
        {ticket ? (
          <Alert ref={thanks.ref} variant="success" role="status" title="Thank you, your message has been sent">
            <p>
              Your ticket number is <strong className="font-mono text-foreground" data-testid="contact-ticket">{ticket}</strong>. We
              reply within 24 hours on working days.
            </p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => {
                anotherMessage.arm();
                setTicket(null);
              }}
            >
              Send another message
            </Button>
          </Alert>
        ) : (
          <form noValidate onSubmit={onSubmit} className="grid max-w-2xl gap-5" aria-label="Contact form">
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Name" error={errors.name}>
                {(p) => <Input {...p} ref={anotherMessage.ref} autoComplete="name" required value={form.name} onChange={(e) => set('name')(e.target.value)} />}
              </Field>
              <Field label="Email" error={errors.email}>
                {(p) => <Input {...p} type="email" autoComplete="email" required value={form.email} onChange={(e) => set('email')(e.target.value)} />}
              </Field>
            </div>
            <Field label="Subject" error={errors.subject}>
              {(p) => <Input {...p} required value={form.subject} onChange={(e) => set('subject')(e.target.value)} />}
            </Field>
            <Field
              label="Message"
              error={errors.message}
              hint={`${form.message.trim().length} / ${SUPPORT_LIMITS.message.max} characters.`}
            >
              {(p) => <Textarea {...p} required className="min-h-[150px]" value={form.message} onChange={(e) => set('message')(e.target.value)} />}
            </Field>
            <div>
              <Button type="submit" pending={send.isPending}>{send.isPending ? 'Sending...' : 'Send message'}</Button>
            </div>
          </form>
        )}
        <aside className="grid content-start gap-4 text-sm">
          <div className="rounded-xl border border-border bg-surface p-5">
            <h2 className="font-semibold">Other ways to reach us</h2>
            <p className="mt-2 text-muted-foreground">
              E-mail <a className="font-medium text-accent-text underline" href={`mailto:${CONTACT.supportEmail}`}>{CONTACT.supportEmail}</a>
            </p>
            <p className="mt-1 text-muted-foreground">
              Phone <a className="font-medium text-accent-text underline" href={CONTACT.supportPhoneHref}>{CONTACT.supportPhone}</a>
            </p>
            <p className="mt-1 text-muted-foreground">Support hours: {CONTACT.supportHours}; we reply within 24 hours.</p>
            <p className="mt-1 text-muted-foreground">{CONTACT.office}</p>
          </div>
          <p className="text-muted-foreground">
            Account or registration problem? Use the <Link className="font-medium text-accent-text underline" to={paths.support}>support center</Link>.
          </p>
        </aside>
      </div>
    </MarketingPage>
  );
}
