// /register-title: the five-step registration wizard (seed 001 §2.2, §4.1, §8.1). The draft lives
// in browser storage across the payment redirect; on the way back the server, not the address,
// says whether the payment succeeded. Each step is a history entry (`?step=`, lib/wizard-address):
// the browser's Back and Forward move between steps, and Back from the payment page comes back to
// the review. Once a registration is finished, the next address starts a new wizard (the payment
// return's `?session_id=…` resumes a paid registration).
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { fileTooLargeMessage } from '@titleledger/api/schemas';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useGoToFirstInvalid } from '@/hooks/use-go-to-first-invalid';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { errorStatus } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { unpaidOutcomeFrom, unpaidOutcomeText, type OutcomeText } from '@/lib/payment-outcome';

import { useCreateRegistrationPayment } from '../api/create-payment-intent';
import { useContactProfile } from '../api/get-contact-profile';
import { paymentSessionQueryOptions } from '../api/get-payment-session';
import { useUnusedPayments } from '../api/get-unused-payments';
import { useUploadLimits } from '../api/get-upload-limits';
import { useSubmitRegistration } from '../api/submit-registration';
import { clearDraft, loadDraft, saveDraft } from '../lib/draft-storage';
import { readPaymentReturn, type PaymentReturn } from '../lib/payment-return';
import { emptyForm, type FlagField, type RegistrationForm, type TextField } from '../lib/registration-form';
import { certificateImageUrl } from '../lib/downloads';
import { isAlreadyUsedMessage, registrationFailureMessage, type RegistrationResult } from '../lib/registration-response';
import { sha256Hex } from '../lib/sha256';
import {
  fieldError,
  firstStepNeedingInput,
  isCheckedField,
  missingForSubmission,
  stepErrors,
  stepIsFilled,
  type WizardStep,
} from '../lib/step-validation';
import { isSessionUsed, markSessionUsed } from '../lib/used-sessions';
import { allowedStep, searchWithStep, stepFromSearch, stepReachedFrom, type WizardEntryState } from '../lib/wizard-address';
import { AlreadyRegistered, CompleteStep } from './complete-step';
import { ContactStep } from './contact-step';
import type { FormBinding } from './form-fields';
import { ReviewStep, type UnusedPayment } from './review-step';
import { StartOverDialog } from './start-over-dialog';
import { UploadStep, type UploadStage } from './upload-step';
import { WizardProgress } from './wizard-progress';
import { WorkDetailsStep } from './work-details-step';

const USED_SESSION_REDIRECT_MS = 2000;
const ALREADY_USED_REDIRECT_MS = 3000;
/** The longest step 4 waits for the certificate before step 5 shows (the image then arrives there). */
const CERTIFICATE_WAIT_MS = 10_000;
const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address'] as const;

type Payment =
  | { status: 'none' }
  | { status: 'checking'; ret: PaymentReturn }
  | { status: 'verified'; ret: PaymentReturn }
  /** Used already, by this person's registration of the work this wizard holds (or of none now). */
  | { status: 'registered'; trNumber: string; title: string }
  | { status: 'rejected' };

/**
 * A finished wizard gives way to a new one as soon as the address changes: the side menu's "Register
 * New Title" after step 5 leaves `?session_id=…&redirect_status=succeeded` for a plain
 * /register-title on the same route, and without a new wizard step 5 of the old one stayed on
 * screen. An unfinished wizard is kept whatever the address does: a paid payment waiting for its
 * upload (step 4) must not be dropped for a step 1 that asks to pay again.
 */
export function RegisterTitlePage() {
  const { search } = useLocation();
  const [wizard, setWizard] = useState(0);
  const [finishedAt, setFinishedAt] = useState<string | null>(null);
  useEffect(() => {
    if (finishedAt === null || search === finishedAt) return;
    setFinishedAt(null);
    setWizard((n) => n + 1);
  }, [search, finishedAt]);
  return <RegistrationWizard key={wizard} onFinished={() => setFinishedAt(search)} />;
}

function RegistrationWizard({ onFinished }: { onFinished: () => void }) {
  useDocumentTitle('Register New Title');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  // Known by its ids, not by the whole address: a step change (`?step=`) is the same payment.
  const returned = readPaymentReturn(searchParams);
  const paymentReturn = useMemo<PaymentReturn | null>(
    () => (returned ? { id: returned.id, sessionId: returned.sessionId, paymentIntentId: returned.paymentIntentId } : null),
    [returned?.id, returned?.sessionId, returned?.paymentIntentId],
  );
  // The draft is the signed-in user's alone (the sign-in guard in front of this page waits for them).
  const userId = useSession().user?.id ?? null;

  // Where the address lands when it names no step: step 1, or where a payment return resumes.
  const [landing, setLanding] = useState<Exclude<WizardStep, 5>>(1);
  const [form, setForm] = useState<RegistrationForm>(() => loadDraft(localStorage, userId) ?? emptyForm);
  const [touched, setTouched] = useState<ReadonlySet<TextField>>(new Set());
  const [payment, setPayment] = useState<Payment>(() =>
    paymentReturn ? { status: 'checking', ret: paymentReturn } : { status: 'none' },
  );

  const [file, setFile] = useState<File | null>(null);
  const [localHash, setLocalHash] = useState<string | null>(null);
  const [hashing, setHashing] = useState(false);
  const [stage, setStage] = useState<UploadStage>('idle');
  const [uploadPercent, setUploadPercent] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [result, setResult] = useState<RegistrationResult | null>(null);

  const verified = payment.status === 'verified' ? payment.ret : null;
  const checkingPayment = payment.status === 'checking';
  // The step the address asks for, as far as the draft and the payment allow; step 5 once done.
  const askedStep = stepFromSearch(searchParams);
  const step: WizardStep = result || payment.status === 'registered' ? 5 : allowedStep(askedStep ?? landing, form, verified !== null);

  const createPayment = useCreateRegistrationPayment();
  const submit = useSubmitRegistration();
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const wizardRef = useRef<HTMLDivElement>(null);
  const goToFirstInvalid = useGoToFirstInvalid();
  const finished = useRef(onFinished);
  finished.current = onFinished;

  // ---- Coming back from the payment page ---------------------------------------------------
  // "Payment Successful … upload your document" is about this wizard: it goes when the wizard
  // completes or is left (the side menu's "Register New Title" starts another).
  const paymentToast = useRef<{ dismiss: () => void } | null>(null);
  useEffect(() => () => paymentToast.current?.dismiss(), []);

  const redirectSoon = useCallback(
    (delay: number) => {
      const timer = setTimeout(() => navigate(paths.dashboard), delay);
      return () => clearTimeout(timer);
    },
    [navigate],
  );

  // Back from the payment page unpaid (a declined card, or Cancel): back to the review with the
  // draft; the page says which, and for a decline why (the server's reason) and what to do.
  const unpaid = unpaidOutcomeFrom(searchParams);
  const unpaidSession = searchParams.get('session_id')?.trim() || null;
  const [unpaidNotice, setUnpaidNotice] = useState<OutcomeText | null>(null);
  useEffect(() => {
    if (!unpaid || paymentReturn) return;
    let stale = false;
    const draft = loadDraft(localStorage, userId);
    if (draft) setForm(draft);
    setLanding(3);
    const tell = (reason: string | null) => {
      if (stale) return;
      const text = unpaidOutcomeText(unpaid, reason);
      setUnpaidNotice(text);
      toast({ title: text.title, description: text.description, variant: 'destructive' });
    };
    if (unpaid === 'declined' && unpaidSession) {
      queryClient
        .fetchQuery(paymentSessionQueryOptions(unpaidSession))
        .then((session) => tell(session.failure_reason ?? null))
        .catch(() => tell(null));
    } else {
      tell(null);
    }
    return () => {
      stale = true;
    };
  }, [unpaid, unpaidSession, paymentReturn, queryClient]);

  useEffect(() => {
    if (!paymentReturn) return;
    let cancelled = false;
    let cancelRedirect: (() => void) | undefined;
    const alreadyUsed = () => {
      markSessionUsed(localStorage, paymentReturn.id);
      setPayment({ status: 'rejected' });
      toast({
        title: 'Payment Already Used',
        description: 'This payment has already been used for a registration. Please start a new registration.',
        variant: 'destructive',
      });
      cancelRedirect = redirectSoon(USED_SESSION_REDIRECT_MS);
    };

    // Used by the registration of the work this wizard holds, or with no other work in progress
    // (the draft goes when a registration completes): step 5 reloaded, or Back to it. That
    // registration is done, and is shown; a payment used for another work than the draft's is the
    // spec's "Payment Already Used".
    const registeredWithIt = (usedFor: { tr_number: string; title: string }) => {
      const draftTitle = loadDraft(localStorage, userId)?.title.trim() ?? '';
      if (draftTitle !== '' && draftTitle !== usedFor.title.trim()) return alreadyUsed();
      markSessionUsed(localStorage, paymentReturn.id);
      setPayment({ status: 'registered', trNumber: usedFor.tr_number, title: usedFor.title });
      // Finished too: the next address (Register another title) starts a new wizard.
      finished.current();
    };
    const usedHere = isSessionUsed(localStorage, paymentReturn.id);
    // Also when the address changes on this page (an unused payment taken on the review step).
    setPayment({ status: 'checking', ret: paymentReturn });
    queryClient
      .fetchQuery(paymentSessionQueryOptions(paymentReturn.id))
      .then((session) => {
        if (cancelled) return;
        if (session.used) return session.used_for ? registeredWithIt(session.used_for) : alreadyUsed();
        if (usedHere) return alreadyUsed();
        if (!session.paid) {
          setPayment({ status: 'rejected' });
          setLanding(3);
          toast({
            title: 'Payment Failed',
            description: 'The payment was not completed. Please try again.',
            variant: 'destructive',
          });
          return;
        }
        const draft = loadDraft(localStorage, userId) ?? emptyForm;
        setForm(draft);
        setPayment({ status: 'verified', ret: paymentReturn });
        // A payment made from the standalone checkout has no work details yet: resume where input
        // is still needed; the payment is kept, and the review step then continues to the upload.
        const resume = firstStepNeedingInput(draft);
        setLanding(resume === 5 ? 4 : resume);
        paymentToast.current = toast({
          title: 'Payment Successful',
          description:
            resume === 4
              ? 'Your payment is confirmed. Upload your document to finish.'
              : 'Your payment is confirmed and kept. Fill in the details of your work, then upload it.',
          variant: 'success',
        });
      })
      .catch((error: unknown) => {
        // Signed out meanwhile: the sign-in guard takes over, and this check runs again once the
        // person is back; the payment has not failed.
        if (cancelled || errorStatus(error) === 401) return;
        if (usedHere) return alreadyUsed();
        setPayment({ status: 'rejected' });
        setLanding(3);
        toast({
          title: 'Payment Failed',
          description: 'Failed to process payment. Please try again.',
          variant: 'destructive',
        });
      });
    return () => {
      cancelled = true;
      cancelRedirect?.();
    };
  }, [paymentReturn, queryClient, redirectSoon]);

  // ---- Step 2: fill the contact fields from the profile ------------------------------------
  const profile = useContactProfile({ enabled: step === 2 });
  const autofilled = useRef(false);
  useEffect(() => {
    if (step !== 2 || autofilled.current || !profile.data) return;
    autofilled.current = true;
    const source = profile.data;
    const filled = CONTACT_FIELDS.filter((field) => form[field].trim() === '' && source[field] !== '');
    if (filled.length === 0) return;
    setForm((current) => {
      const next = { ...current };
      for (const field of filled) if (next[field].trim() === '') next[field] = source[field];
      return next;
    });
    toast({
      title: 'Contact Information Auto-filled',
      description: 'Your contact details were filled in from your profile.',
      variant: 'success',
    });
  }, [step, profile.data, form]);

  // ---- Form binding ------------------------------------------------------------------------
  const binding: FormBinding = {
    form,
    setText: (field, value) => {
      setForm((current) => ({ ...current, [field]: value }));
      setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
    },
    setFlag: (field: FlagField, value) => setForm((current) => ({ ...current, [field]: value })),
    errorOf: (field) => (touched.has(field) && isCheckedField(field) ? (fieldError(field, form[field]) ?? undefined) : undefined),
  };

  /** A new history entry for `next`, which remembers the step it was reached from. */
  const goTo = (next: Exclude<WizardStep, 5>) => {
    const state: WizardEntryState = { wizardStepFrom: step };
    void navigate({ search: searchWithStep(searchParams, next) }, { state });
  };

  // An address asking for a step the draft or the payment does not allow yet shows an earlier one
  // and is corrected in place, so that Back and Forward then move from the step on screen.
  useEffect(() => {
    if (checkingPayment || result || askedStep === null || askedStep === step || step === 5) return;
    void navigate({ search: searchWithStep(searchParams, step) }, { replace: true, state: location.state as unknown });
  }, [checkingPayment, result, askedStep, step, searchParams, navigate, location.state]);

  // However the step changed (Next, Previous, the browser's Back or Forward), the new step starts at
  // the top, and focus goes to the step's heading ("Step n of 5: name") so keyboard and
  // screen-reader users land on it and hear which step this is.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo({ top: 0 });
    requestAnimationFrame(() => stepHeadingRef.current?.focus());
  }, [step]);

  const next = () => {
    if (step !== 1 && step !== 2) return;
    const errors = stepErrors(step, form);
    const invalid = Object.keys(errors) as TextField[];
    if (invalid.length > 0) {
      setTouched((current) => new Set([...current, ...invalid]));
      goToFirstInvalid(wizardRef.current, invalid);
      return;
    }
    saveDraft(localStorage, userId, form);
    goTo((step + 1) as Exclude<WizardStep, 5>);
  };

  // Back to the entry Next came from when that is the step before (so Forward goes on again);
  // otherwise (the return from the payment page, a link asking for the step) the step before takes
  // this entry's place, in its address (the payment's `session_id` kept): like Back, Previous adds
  // no entry, so the browser's Back never returns to the step just left.
  const previous = () => {
    if (step <= 1 || step >= 5) return;
    if (stepReachedFrom(location.state) === step - 1) void navigate(-1);
    else void navigate({ search: searchWithStep(searchParams, (step - 1) as Exclude<WizardStep, 5>) }, { replace: true });
  };

  // A stale draft (an abandoned registration) pre-fills every new wizard: Start over discards it,
  // and this wizard's payment with its address; a paid one is not lost, the review offers it again.
  const startOver = () => {
    clearDraft(localStorage, userId);
    setForm(emptyForm);
    setTouched(new Set());
    autofilled.current = false;
    chooseFile(null);
    setPayment({ status: 'none' });
    setUnpaidNotice(null);
    setLanding(1);
    paymentToast.current?.dismiss();
    void navigate(paths.registerTitle);
  };
  const somethingToDiscard = step > 1 || JSON.stringify(form) !== JSON.stringify(emptyForm);

  // ---- Step 3: pay -------------------------------------------------------------------------
  const pay = () => {
    saveDraft(localStorage, userId, form);
    // The entry the payment page's Back returns to: this review, from the draft (without the
    // address of an earlier unpaid attempt, whose notice would show again).
    void navigate({ search: searchWithStep(new URLSearchParams(), 3) }, { replace: true });
    createPayment.mutate(
      { title: form.title.trim(), email: form.email.trim() },
      {
        onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
        onError: (error) =>
          toast({
            title: 'Payment Failed',
            description: error.message || 'Failed to process payment. Please try again.',
            variant: 'destructive',
          }),
      },
    );
  };

  // A paid payment whose address was lost (the tab closed, the wizard left for another page) is
  // offered before a second charge. Taking it goes the way a return from the checkout page goes:
  // the server confirms the payment, then the upload; the submission still consumes it once, and
  // only for its payer.
  const unusedPayment =
    useUnusedPayments({ enabled: step === 3 && payment.status !== 'verified' && payment.status !== 'checking' }).data?.payments[0] ?? null;
  const takeUnusedPayment = (unused: UnusedPayment) => {
    saveDraft(localStorage, userId, form);
    void navigate(`${paths.registerTitle}?${new URLSearchParams({ session_id: unused.id, redirect_status: 'succeeded' }).toString()}`);
  };

  // ---- Step 4: choose, hash, upload --------------------------------------------------------
  // The server's limit, so a file over it is refused here rather than after all of it was sent
  // (the server still refuses it; until the limit is known, only the server does).
  const maxUploadBytes = useUploadLimits({ enabled: step === 4 }).data?.maxBytes;
  const tooLarge = (chosen: File) => maxUploadBytes !== undefined && chosen.size > maxUploadBytes;
  const hashRun = useRef(0);
  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setLocalHash(null);
    setUploadError(null);
    const run = ++hashRun.current;
    setHashing(false);
    // A file that will not be sent is not hashed either.
    if (!chosen || tooLarge(chosen)) return;
    setHashing(true);
    sha256Hex(chosen)
      .then((hex) => {
        if (run === hashRun.current) setLocalHash(hex);
      })
      .catch(() => {
        if (run === hashRun.current) setLocalHash(null);
      })
      .finally(() => {
        if (run === hashRun.current) setHashing(false);
      });
  };

  // Back from the payment page may restore this page as it was left (the back/forward cache), with
  // Pay still saying it is on its way there: it is ready to pay again.
  const resetPayment = createPayment.reset;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) resetPayment();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [resetPayment]);

  const completeRegistration = async () => {
    if (stage !== 'idle' || result) return;
    if (!file) {
      toast({ title: 'No File Selected', description: 'Please upload a document before completing registration.', variant: 'destructive' });
      return;
    }
    if (!verified) {
      toast({ title: 'Payment Required', description: 'Please complete payment before proceeding.', variant: 'destructive' });
      return;
    }
    if (maxUploadBytes !== undefined && file.size > maxUploadBytes) {
      toast({ title: 'Registration Failed', description: fileTooLargeMessage(maxUploadBytes), variant: 'destructive' });
      return;
    }
    const missing = missingForSubmission(form);
    if (missing.length > 0) {
      toast({
        title: 'Missing Information',
        description: `Missing: ${missing.join(', ')}. Your data may have been lost during payment. Please go back to Step 1 and fill in the required fields.`,
        variant: 'destructive',
      });
      return;
    }
    if (isSessionUsed(localStorage, verified.id)) {
      toast({
        title: 'Registration Already Completed',
        description: 'This payment session has already been used for registration.',
        variant: 'destructive',
      });
      return;
    }

    setUploadError(null);
    setUploadPercent(0);
    setStage('uploading');
    try {
      const registered = await submit.mutateAsync({
        form,
        file,
        paymentSessionId: verified.sessionId,
        paymentIntentId: verified.paymentIntentId,
        onUploadProgress: (fraction) => setUploadPercent(Math.round(fraction * 100)),
        onUploaded: () => setStage('processing'),
      });
      markSessionUsed(localStorage, verified.id);
      clearDraft(localStorage, userId);
      // "Generating PDF certificate" for as long as it takes: the server renders the certificate
      // (ahead of any other rendering) when its preview image is asked for, and step 5 shows that
      // image (by then rendered: sent again at once, or a 304). A slow render does not hold step 5
      // back past CERTIFICATE_WAIT_MS: the image then comes in on step 5 itself.
      setStage('certificate');
      await Promise.race([
        fetch(certificateImageUrl(registered.trNumber), { credentials: 'include' }).then((response) => response.arrayBuffer()),
        new Promise((resolve) => setTimeout(resolve, CERTIFICATE_WAIT_MS)),
      ]).catch(() => undefined);
      setStage('completed');
      setResult(registered);
      paymentToast.current?.dismiss();
      onFinished();
      toast({ title: 'Registration Completed!', description: `Your TR number is ${registered.trNumber}.`, variant: 'success' });
    } catch (error) {
      const message =
        error instanceof ApiError
          ? registrationFailureMessage(error.status, error.bodyText)
          : error instanceof Error
            ? error.message
            : 'Registration submission failed';
      setStage('idle');
      if (errorStatus(error) === 401) {
        // The session ended before the upload (signed out in another tab, a password reset
        // elsewhere, a day idle): the sign-in guard is sending the person to sign in, with this
        // address (the paid session's) as `next`. The draft goes back into storage, which a
        // sign-out in another tab has emptied, so that once signed in they are back at this upload
        // with the same payment and the same details; the server still takes the payment once,
        // and only from its payer.
        saveDraft(localStorage, userId, form);
        toast({
          title: 'Registration Failed',
          description: `${message} Your payment and details are kept: you come back to this step once signed in.`,
          variant: 'destructive',
        });
        return;
      }
      setUploadError(message);
      toast({ title: 'Registration Failed', description: message, variant: 'destructive' });
      if (isAlreadyUsedMessage(message)) {
        markSessionUsed(localStorage, verified.id);
        setTimeout(() => navigate(paths.dashboard), ALREADY_USED_REDIRECT_MS);
      }
    }
  };

  // ---- Render ------------------------------------------------------------------------------
  const nextDisabled = (step === 1 || step === 2) && !stepIsFilled(step, form);

  return (
    <div ref={wizardRef} className="grid gap-8">
      <header className="grid gap-2">
        <h1 tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none sm:text-3xl">
          Register New Title
        </h1>
        <p className="text-muted-foreground">Protect your creative work with a verifiable registration and certificate.</p>
      </header>

      <WizardProgress step={step} headingRef={stepHeadingRef} />

      {checkingPayment ? (
        <p role="status" className="rounded-lg border border-border bg-surface p-6 text-sm text-muted-foreground">
          Confirming your payment...
        </p>
      ) : step === 1 ? (
        <WorkDetailsStep binding={binding} />
      ) : step === 2 ? (
        <ContactStep binding={binding} loadingProfile={profile.isFetching} />
      ) : step === 3 ? (
        <>
        {unpaidNotice && verified === null ? (
          <Alert variant="danger" role="alert" title={unpaidNotice.title}>
            {unpaidNotice.description} {unpaidNotice.whatToDo}
          </Alert>
        ) : null}
        <ReviewStep
          form={form}
          paymentVerified={verified !== null}
          unusedPayment={unusedPayment}
          paying={createPayment.isPending || createPayment.isSuccess}
          onPay={pay}
          onUseUnused={takeUnusedPayment}
          onContinue={() => goTo(4)}
        />
        </>
      ) : step === 4 ? (
        <UploadStep
          file={file}
          localHash={localHash}
          hashing={hashing}
          paymentVerified={verified !== null}
          maxBytes={maxUploadBytes}
          stage={stage}
          uploadPercent={uploadPercent}
          error={uploadError}
          onFileChosen={chooseFile}
          onSubmit={() => void completeRegistration()}
        />
      ) : result ? (
        <CompleteStep result={result} localHash={localHash} />
      ) : payment.status === 'registered' ? (
        <AlreadyRegistered trNumber={payment.trNumber} title={payment.title} />
      ) : null}

      {step < 5 && !checkingPayment ? (
        <nav aria-label="Wizard" className="flex items-center justify-between gap-3 border-t border-border pt-6">
          <Button variant="secondary" onClick={previous} disabled={step === 1 || stage !== 'idle'}>
            <ArrowLeft aria-hidden="true" />
            Previous
          </Button>
          <div className="flex flex-wrap items-center justify-end gap-3">
            {somethingToDiscard && stage === 'idle' ? (
              <StartOverDialog
                paid={verified !== null}
                onConfirm={startOver}
                onDone={() => stepHeadingRef.current?.focus()}
              />
            ) : null}
            {step === 1 || step === 2 ? (
              <Button onClick={next} disabled={nextDisabled}>
                Next
                <ArrowRight aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        </nav>
      ) : null}
    </div>
  );
}
