// What the two pages a staff member reaches from an e-mailed link share (/admin/accept-invite and
// /admin/reset-password): the link's token from the address, the outcome cards (an invalid link, or
// done and on the way to /admin/login after 2 s) and the new password asked twice.
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { Card, CardContent } from '@/components/card';
import { Field } from '@/components/field';
import { PasswordInput } from '@/components/password-input';
import { paths } from '@/lib/paths';

const REDIRECT_MS = 2000;
export const linkClass = 'rounded-sm font-medium text-accent-text underline-offset-4 hover:underline';

/**
 * The link's token, and what became of it: refused by the server (`refuse`), or used (`finish`,
 * which goes on to /admin/login after 2 s).
 */
export function useEmailedLink() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [refused, setRefused] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.adminLogin), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return { token: params.get('token') ?? '', refused, done, refuse: () => setRefused(true), finish: () => setDone(true) };
}

/** A link that can never work (missing, malformed, used, replaced, late or forged), and who sends a new one. */
export function InvalidLinkCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
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
export function LinkDoneCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-3 text-center" role="status">
        <CircleCheck aria-hidden="true" className="size-10 text-success" />
        <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
        <p className="text-sm text-muted-foreground">{children}</p>
      </CardContent>
    </Card>
  );
}

/** The new password and its confirmation (checked with the page's form schema on submit). */
export function NewPasswordFields({
  labels,
  password,
  confirmPassword,
  onPassword,
  onConfirmPassword,
}: {
  labels: { password: string; confirm: string };
  password: string;
  confirmPassword: string;
  onPassword: (value: string) => void;
  onConfirmPassword: (value: string) => void;
}) {
  return (
    <>
      <Field label={labels.password} hint="At least 8 characters.">
        {(control) => <PasswordInput {...control} autoComplete="new-password" value={password} onChange={(e) => onPassword(e.target.value)} />}
      </Field>
      <Field label={labels.confirm}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" value={confirmPassword} onChange={(e) => onConfirmPassword(e.target.value)} />}
      </Field>
    </>
  );
}
