// /support: the Support Center (seed 000 §2, §3, §5, §8, §9). The request form on the left,
// response times, other ways to reach us and the DMCA note on the right; after a submit, a
// success card with the ticket number replaces the form.
import {
  SUPPORT_ISSUE_TYPES,
  SUPPORT_PRIORITIES,
  supportIssueTypeLabels,
  supportPriorityLabels,
  supportRequestSchema,
  supportResponseTimes,
  type SupportIssueType,
  type SupportPriority,
} from '@titleledger/api/schemas';
import { CircleCheck, Clock, Mail, MapPin, Phone, Scale } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';

import { Button } from '@/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { Select } from '@/components/select';
import { Textarea } from '@/components/textarea';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useFocusOnNextMount } from '@/hooks/use-focus-on-next-mount';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';
import { PRODUCT_NAME, SUPPORT_CONTACT } from '@/lib/site';

import { useSubmitSupportRequest } from '../api/submit-support-request';

const SUPPORT_EMAIL = SUPPORT_CONTACT.email;
const LEGAL_EMAIL = SUPPORT_CONTACT.legalEmail;
const OFFICE = 'San Francisco, California (visits by appointment)';

type Form = {
  fullName: string;
  email: string;
  subject: string;
  issueType: SupportIssueType;
  priority: SupportPriority;
  message: string;
};
type Errors = Partial<Record<keyof Form, string>>;

const initial: Form = { fullName: '', email: '', subject: '', issueType: 'technical', priority: 'normal', message: '' };

const issueOptions = SUPPORT_ISSUE_TYPES.map((value) => ({ value, label: supportIssueTypeLabels[value].label }));
const priorityOptions = SUPPORT_PRIORITIES.map((value) => ({ value, label: supportPriorityLabels[value].label }));

function validate(form: Form): Errors {
  const parsed = supportRequestSchema.safeParse(form);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Form] ??= issue.message;
  return errors;
}

export function SupportPage() {
  useDocumentTitle('Support Center');
  const [form, setForm] = useState<Form>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [ticket, setTicket] = useState<string | null>(null);
  const submit = useSubmitSupportRequest();
  const formRef = useRef<HTMLFormElement>(null);
  // A double click sent the request twice: two tickets for one question.
  const once = useSingleFlight();
  // The form is replaced by the ticket: focus goes to it, not to <body>.
  const success = useFocusOnNextMount<HTMLDivElement>();
  const anotherRequest = useFocusOnNextMount<HTMLInputElement>();

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    void once(async () => {
      try {
        const answer = await submit.mutateAsync(form);
        success.arm();
        setTicket(answer.ticketNumber);
        setForm(initial);
        toast({
          title: 'Support Request Submitted',
          description: "We've received your request and will respond within 24 hours.",
          variant: 'success',
        });
      } catch (error) {
        toast({
          title: 'Submission Failed',
          description: errorMessage(error, 'Failed to submit support request. Please try again.'),
          variant: 'destructive',
        });
      }
    });
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Support Center</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Get help with your {PRODUCT_NAME} account, registrations, and technical issues
        </p>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {ticket ? (
          <Card className="self-start">
            <CardContent ref={success.ref} className="grid justify-items-start gap-4 rounded-xl p-8" role="status">
              <CircleCheck aria-hidden="true" className="size-10 text-success" />
              <h2 className="text-2xl font-semibold tracking-tight">Request Submitted Successfully</h2>
              <p className="text-muted-foreground">
                Your ticket number is{' '}
                <strong className="font-mono text-foreground" data-testid="support-ticket">
                  {ticket}
                </strong>
                . We will e-mail it to you as well; our support team typically responds within 24 hours.
              </p>
              <Button
                variant="secondary"
                onClick={() => {
                  anotherRequest.arm();
                  setTicket(null);
                }}
              >
                Submit Another Request
              </Button>
            </CardContent>
          </Card>
        ) : (
          <Card className="self-start">
            <CardHeader>
              <CardTitle>Submit a support request</CardTitle>
              <CardDescription>Tell us what happened; the more detail, the faster we can help.</CardDescription>
            </CardHeader>
            <CardContent>
              <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Support request">
                <div className="grid gap-5 sm:grid-cols-2">
                  <Field label="Full name" error={errors.fullName}>
                    {(p) => (
                      <Input {...p} ref={anotherRequest.ref} name="fullName" autoComplete="name" maxLength={100} value={form.fullName} onChange={(e) => set('fullName', e.target.value)} />
                    )}
                  </Field>
                  <Field label="Email" error={errors.email}>
                    {(p) => (
                      <Input {...p} name="email" type="email" autoComplete="email" value={form.email} onChange={(e) => set('email', e.target.value)} />
                    )}
                  </Field>
                </div>
                <Field label="Subject" error={errors.subject}>
                  {(p) => <Input {...p} name="subject" maxLength={200} value={form.subject} onChange={(e) => set('subject', e.target.value)} />}
                </Field>
                <div className="grid gap-5 sm:grid-cols-2">
                  <Field label="Issue type" error={errors.issueType} hint={supportIssueTypeLabels[form.issueType].description}>
                    {(p) => (
                      <Select
                        {...p}
                        name="issueType"
                        options={issueOptions}
                        value={form.issueType}
                        onChange={(e) => set('issueType', e.target.value as SupportIssueType)}
                      />
                    )}
                  </Field>
                  <Field label="Priority" error={errors.priority} hint={supportPriorityLabels[form.priority].description}>
                    {(p) => (
                      <Select
                        {...p}
                        name="priority"
                        options={priorityOptions}
                        value={form.priority}
                        onChange={(e) => set('priority', e.target.value as SupportPriority)}
                      />
                    )}
                  </Field>
                </div>
                <Field label="Message" error={errors.message} hint="At least 20 characters; up to 2000.">
                  {(p) => (
                    <Textarea
                      {...p}
                      name="message"
                      maxLength={2000}
                      className="min-h-[150px]"
                      value={form.message}
                      onChange={(e) => set('message', e.target.value)}
                    />
                  )}
                </Field>
                <div>
                  <Button type="submit" size="lg" pending={submit.isPending}>
                    {submit.isPending ? 'Submitting...' : 'Submit Request'}
                  </Button>
                </div>
              </form>
            </CardContent>
          </Card>
        )}

        <aside className="grid content-start gap-6" aria-label="Support information">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <Clock aria-hidden="true" className="size-4 text-accent-text" /> Response times
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-2 text-sm">
                {(['urgent', 'high', 'normal', 'low'] as const).map((priority) => (
                  <div key={priority} className="flex justify-between gap-4">
                    <dt className="text-muted-foreground">{supportPriorityLabels[priority].label}</dt>
                    <dd className="font-medium">{supportResponseTimes[priority]}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Other ways to reach us</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              <p className="flex gap-2">
                <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <a className="font-medium text-accent-text underline" href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
              </p>
              <p className="flex gap-2">
                <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span>
                  <a className="font-medium text-accent-text underline" href={SUPPORT_CONTACT.phoneHref}>{SUPPORT_CONTACT.phone}</a>
                  <br />
                  <span className="text-muted-foreground">{SUPPORT_CONTACT.phoneHours}</span>
                </span>
              </p>
              <p className="flex gap-2">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span>{OFFICE}</span>
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardContent className="flex gap-3 text-sm">
              <Scale aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <p className="text-muted-foreground">
                Copyright or DMCA notices do not go through this form: send them to our legal team at{' '}
                <a className="font-medium text-accent-text underline" href={`mailto:${LEGAL_EMAIL}`}>{LEGAL_EMAIL}</a>.
              </p>
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}
