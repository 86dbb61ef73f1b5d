// What the two pages a staff member reaches from an e-mailed link share (/admin/accept-invite and
// /admin/reset-password): the link's token from the address, sending the form, the outcome cards (an
// invalid link, or done and on the way to /admin/login after 2 s) and the new password asked twice.
// Each page asks first whether its link still works (a used or late one shows the invalid card as
// the page opens); the form's outcome card takes focus when it replaces the form. A refusal is said
// in the form's alert, and the field it is about is marked invalid and described by that alert.
import { STAFF_MESSAGES } from '@titleledger/api/schemas';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { Card, CardContent } from '@/components/card';
import { Field } from '@/components/field';
import { PasswordInput } from '@/components/password-input';
import { useFocusOnNextMount } from '@/hooks/use-focus-on-next-mount';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';
import { paths } from '@/lib/paths';

const REDIRECT_MS = 2000;
export const linkClass = 'rounded-sm font-medium text-accent-text underline-offset-4 hover:underline';

/** What a page says about sending its link's form. */
interface LinkTexts {
  /** The toast once it worked. */
  readonly done: { readonly title: string; readonly description: string };
  /** The error shown when the server gives no message of its own. */
  readonly failed: string;
  /** The server's answer for a link that can never work: the invalid-link view then shows. */
  readonly invalid: string;
}

/** The form checked with the page's schema (a zod safeParse result). */
type FormCheck =
  | { readonly success: true }
  | { readonly success: false; readonly error: { readonly issues: readonly { readonly message: string; readonly path: readonly PropertyKey[] }[] } };

/** The id of the alert that says why the form was refused: a refused field points at it. */
const LINK_ERROR_ID = 'emailed-link-error';

/**
 * The link's token, what became of it (`refused` by the server, or `done`, which goes on to
 * /admin/login after 2 s), and `submit`: the form's first problem shown on the form, else the call
 * sent, then a toast and done, the invalid-link view, or the server's message on the form and in a toast.
 */
export function useEmailedLink() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [refused, setRefused] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The form's field the refusal is about (`password`, `confirmPassword`, `termsAccepted`), if one. */
  const [errorField, setErrorField] = useState<string | null>(null);
  const once = useSingleFlight();
  const outcome = useFocusOnNextMount<HTMLDivElement>();

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.adminLogin), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = (form: FormCheck, send: () => Promise<unknown>, texts: LinkTexts) =>
    once(async () => {
      if (!form.success) {
        const issue = form.error.issues[0];
        setErrorField(issue?.path[0] === undefined ? null : String(issue.path[0]));
        return setError(issue?.message ?? STAFF_MESSAGES.weakPassword);
      }
      setError(null);
      setErrorField(null);
      try {
        await send();
        toast({ ...texts.done, variant: 'success' });
        outcome.arm();
        setDone(true);
      } catch (thrown) {
        const message = errorMessage(thrown, texts.failed);
        if (message === texts.invalid) {
          outcome.arm();
          return setRefused(true);
        }
        setError(message);
        toast({ title: 'Error', description: message, variant: 'destructive' });
      }
    });

  return { token: params.get('token') ?? '', refused, done, error, errorField, submit, outcomeRef: outcome.ref };
}

/** A link that can never work (missing, malformed, used, replaced, late or forged), and who sends a new one. */
export function InvalidLinkCard({ title, children, focusRef }: { title: string; children: ReactNode; focusRef?: (element: HTMLDivElement | null) => void }) {
  return (
    <Card ref={focusRef}>
      <CardContent className="grid justify-items-center gap-3 text-center">
        <CircleAlert aria-hidden="true" className="size-10 text-danger" />
        <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
        <p className="text-sm text-muted-foreground">{children}</p>
        <Link to={paths.adminLogin} className={`${linkClass} text-sm`}>
          Go to Admin Login
        </Link>
      </CardContent>
    </Card>
  );
}

/** Done: on the way to the sign-in. */
export function LinkDoneCard({ title, children, focusRef }: { title: string; children: ReactNode; focusRef?: (element: HTMLDivElement | null) => void }) {
  return (
    <Card ref={focusRef}>
      <CardContent className="grid justify-items-center gap-3 text-center" role="status">
        <CircleCheck aria-hidden="true" className="size-10 text-success" />
        <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
        <p className="text-sm text-muted-foreground">{children}</p>
      </CardContent>
    </Card>
  );
}

/** A control the refusal is about: invalid, and described by the form's alert too. */
function refusedBy(refused: boolean, describedBy: string | undefined) {
  return refused ? { 'aria-invalid': true, 'aria-describedby': [describedBy, LINK_ERROR_ID].filter(Boolean).join(' ') } : {};
}

/** The form's alert: why it was refused, announced, and what a refused field points at. */
export function LinkError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div id={LINK_ERROR_ID}>
      <Alert variant="danger" title={message} role="alert" />
    </div>
  );
}

/** The new password and its confirmation (checked with the page's form schema on submit). */
export function NewPasswordFields({
  labels,
  password,
  confirmPassword,
  onPassword,
  onConfirmPassword,
  errorField,
}: {
  labels: { password: string; confirm: string };
  password: string;
  confirmPassword: string;
  onPassword: (value: string) => void;
  onConfirmPassword: (value: string) => void;
  /** The field the form's refusal is about. */
  errorField: string | null;
}) {
  return (
    <>
      <Field label={labels.password} hint="At least 8 characters.">
        {(control) => (
          <PasswordInput
            {...control}
            {...refusedBy(errorField === 'password', control['aria-describedby'])}
            autoComplete="new-password"
            value={password}
            onChange={(e) => onPassword(e.target.value)}
          />
        )}
      </Field>
      <Field label={labels.confirm}>
        {(control) => (
          <PasswordInput
            {...control}
            {...refusedBy(errorField === 'confirmPassword', control['aria-describedby'])}
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => onConfirmPassword(e.target.value)}
          />
        )}
      </Field>
    </>
  );
}
