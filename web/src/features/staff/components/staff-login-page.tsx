// /admin/login and /master-admin/login (seed 001 §2.7, §2.9, §8.3): both fields required, the
// server checks the credentials. The admin page says "Invalid admin credentials" inline with an
// "Access Denied" toast; the master page says the server's words under "Login Failed". A staff
// member already signed in is taken where that sign-in would lead (as a signed-in creator is at
// /login); one whose role this portal is not for is told who they are signed in as. Sent here
// because a staff page's session ended (`reason=session-ended`), the page says so; sent from a staff
// page (`?next=`), a sign-in returns there when the role's home holds it (the same tab and filters).
// Keyboard and screen reader: Sign In stays focusable while the call runs (disabled, it dropped focus
// to <body> on every refusal); an empty field takes focus with its message; a refusal marks the
// fields it is about (aria-invalid, described by the alert that says why), a refused code puts focus
// back in the code field.
import { ROLE_DESCRIPTIONS, STAFF_MESSAGES, TOTP_CODE_LENGTH, type StaffRole } from '@titleledger/api/schemas';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card, CardContent, CardFooter } from '@/components/card';
import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { PasswordInput } from '@/components/password-input';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useGoToFirstInvalid } from '@/hooks/use-go-to-first-invalid';
import { toast } from '@/hooks/use-toast';
import { errorBody, errorMessage, errorStatus } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { returnPathFrom } from '@/lib/return-path';
import { sessionEndedIn } from '@/lib/sign-in-reason';

import { staffSessionQueryOptions } from '../api/get-staff-session';
import { useStaffLogin, type StaffPortal } from '../api/staff-login';
import { StaffFrame } from './staff-frame';

const linkClass = 'rounded-sm text-sm font-medium text-accent-text underline-offset-4 hover:underline';
const FAILURE_ID = 'staff-login-error';

type LoginField = 'email' | 'password' | 'code';

const portals = {
  admin: {
    title: 'Admin Login',
    lead: 'Staff sign-in for the TitleLedger admin portal.',
    userLabel: 'Username',
    destination: paths.admin,
  },
  'master-admin': {
    title: 'Master Admin Login',
    lead: 'Sign in to manage admin accounts, roles and access logs.',
    userLabel: 'Email',
    destination: paths.masterAdmin,
  },
} as const;

function StaffLoginPage({ portal }: { portal: StaffPortal }) {
  const settings = portals[portal];
  useDocumentTitle(settings.title);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const sessionEnded = sessionEndedIn(search);
  const login = useStaffLogin(portal);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  /** What the server refused, and the fields it is about (none when the server was not reached). */
  const [failure, setFailure] = useState<{ message: string; fields: readonly LoginField[] } | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [totpCode, setTotpCode] = useState('');
  const codeInput = useRef<HTMLInputElement>(null);
  const goToFirstInvalid = useGoToFirstInvalid();

  /** A refused field: invalid, and described by the alert that says why (beside its own description). */
  const refused = (field: LoginField, describedBy: string | undefined) =>
    failure?.fields.includes(field)
      ? { 'aria-invalid': true, 'aria-describedby': [describedBy, FAILURE_ID].filter(Boolean).join(' ') }
      : {};

  // Where a sign-in here leads: back to the staff page that sent the person here when it is under
  // the role's home, else that home. An auditor has no admin portal: their place is the audit page.
  const returnTo = returnPathFrom(search);
  const destinationOf = (role: StaffRole) => {
    const home = role === 'auditor' ? paths.audit : settings.destination;
    if (returnTo === null || !returnTo.startsWith(home)) return home;
    // `/admin`, `/admin?tab=users`, `/admin/…`; not `/administrator`, nor this sign-in page.
    const rest = returnTo.slice(home.length);
    const within = rest === '' || /^[?#]/.test(rest) || (rest.startsWith('/') && !rest.startsWith('/login'));
    return within ? returnTo : home;
  };

  // Asked afresh on every visit (a session ended on the server must not send anyone on from here).
  const session = useQuery({ ...staffSessionQueryOptions(), staleTime: 0 });
  const current = session.isFetchedAfterMount ? (session.data ?? null) : null;
  if (current && (portal === 'admin' || current.role === 'master_admin')) return <Navigate to={destinationOf(current.role)} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const form = event.currentTarget;
    setFailure(null);
    const missing = {
      ...(email.trim() === '' ? { email: portal === 'admin' ? STAFF_MESSAGES.usernameRequired : STAFF_MESSAGES.emailRequired } : {}),
      ...(password === '' ? { password: STAFF_MESSAGES.passwordRequired } : {}),
    };
    setErrors(missing);
    if (Object.keys(missing).length > 0) return goToFirstInvalid(form, Object.keys(missing));
    if (needsCode && totpCode.length !== TOTP_CODE_LENGTH) {
      setFailure({ message: `Enter the ${TOTP_CODE_LENGTH}-digit code from your authenticator app`, fields: ['code'] });
      codeInput.current?.focus();
      return;
    }
    try {
      const admin = await login.mutateAsync({ email: email.trim(), password, ...(needsCode ? { totpCode } : {}) });
      void navigate(destinationOf(admin.role), { replace: true });
    } catch (error) {
      const status = errorStatus(error);
      const details = errorBody(error)?.details as { twoFactorRequired?: boolean } | undefined;
      if (details?.twoFactorRequired && !needsCode) {
        // The password was right; the account also asks for a code.
        setNeedsCode(true);
        return;
      }
      if (details?.twoFactorRequired) {
        setTotpCode('');
        const message = errorMessage(error, 'Invalid two-factor code');
        setFailure({ message, fields: ['code'] });
        codeInput.current?.focus();
        toast({ title: portal === 'admin' ? 'Access Denied' : 'Login Failed', description: message, variant: 'destructive' });
        return;
      }
      if (portal === 'admin' && status !== null && status < 500) {
        // A refusal (the seed's mismatch); too many tries say so in the server's words.
        const message = status === 429 ? errorMessage(error, STAFF_MESSAGES.invalidAdminCredentials) : STAFF_MESSAGES.invalidAdminCredentials;
        setFailure({ message, fields: status === 429 ? [] : ['email', 'password'] });
        toast({ title: 'Access Denied', description: message, variant: 'destructive' });
      } else {
        // No answer, or the server failing, is not a wrong password: both portals say so (seed 001 §8.3's master wording).
        const message = status === null ? 'Failed to login' : errorMessage(error, STAFF_MESSAGES.invalidCredentials);
        setFailure({ message, fields: status === null || status === 429 ? [] : ['email', 'password'] });
        toast({ title: 'Login Failed', description: message, variant: 'destructive' });
      }
    }
  };

  return (
    <StaffFrame narrow>
      <div className="mb-8 grid justify-items-center gap-3 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-accent-soft text-accent-text">
          <ShieldCheck aria-hidden="true" className="size-6" />
        </span>
        <h1 id="page-title" className="text-3xl font-semibold tracking-tight text-foreground">
          {settings.title}
        </h1>
        <p className="text-sm text-muted-foreground">{settings.lead}</p>
      </div>
      <Card>
        <form onSubmit={onSubmit} noValidate aria-labelledby="page-title">
          <CardContent className="grid gap-5">
            {current ? (
              <Alert variant="info" title={`You are signed in as ${current.email} (${ROLE_DESCRIPTIONS[current.role].title}).`} role="status">
                This console is for the master admin: signing in here replaces that session.
              </Alert>
            ) : null}
            {sessionEnded && !failure && !current ? (
              <Alert variant="info" title="Your admin session has ended" role="status">
                You were signed out: in another tab, because the master admin changed your role or account, or after a
                day without use. Sign in again to continue.
              </Alert>
            ) : null}
            {failure ? (
              <div id={FAILURE_ID}>
                <Alert variant="danger" title={failure.message} role="alert" />
              </div>
            ) : null}
            <Field label={settings.userLabel} error={errors.email}>
              {(control) => (
                <Input
                  {...control}
                  {...refused('email', control['aria-describedby'])}
                  name="email"
                  type="email"
                  autoComplete="username"
                  required
                  value={email}
                  readOnly={needsCode}
                  onChange={(event) => setEmail(event.target.value)}
                />
              )}
            </Field>
            <Field label="Password" error={errors.password}>
              {(control) => (
                <PasswordInput
                  {...control}
                  {...refused('password', control['aria-describedby'])}
                  name="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  readOnly={needsCode}
                  onChange={(event) => setPassword(event.target.value)}
                />
              )}
            </Field>
            {needsCode ? (
              <div className="grid gap-3">
                <Alert variant="info" title="Two-factor authentication" role="status">
                  Enter the 6-digit code from your authenticator app to finish signing in.
                </Alert>
                <Field label="Authentication code">
                  {(control) => (
                    <Input
                      {...control}
                      {...refused('code', control['aria-describedby'])}
                      ref={codeInput}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      autoFocus
                      maxLength={TOTP_CODE_LENGTH}
                      className="font-mono tracking-[0.3em]"
                      value={totpCode}
                      onChange={(event) => setTotpCode(event.target.value.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH))}
                    />
                  )}
                </Field>
              </div>
            ) : null}
            <Button type="submit" size="lg" pending={login.isPending}>
              {login.isPending ? 'Signing in...' : needsCode ? 'Verify and Sign In' : 'Sign In'}
            </Button>
          </CardContent>
          <CardFooter className="justify-center">
            <Link to={paths.dashboard} className={linkClass}>
              Back to Main Site
            </Link>
          </CardFooter>
        </form>
      </Card>
    </StaffFrame>
  );
}

export const AdminLoginPage = () => <StaffLoginPage portal="admin" />;
export const MasterAdminLoginPage = () => <StaffLoginPage portal="master-admin" />;
