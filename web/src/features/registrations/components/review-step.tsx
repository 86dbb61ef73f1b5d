// Step 3, Review & Payment (seed 001 §2.2): everything entered, the fee, and Pay, which hands the
// browser to the checkout page. After a verified payment it offers the upload instead; with a paid
// payment no registration has used yet, it offers that payment before a second charge.
import { isolate } from '@titleledger/api/schemas/isolate';
import { CreditCard, Lock } from 'lucide-react';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { UserText } from '@/components/user-text';
import { useRegistrationFee } from '@/hooks/use-payment-config';

import type { RegistrationForm } from '../lib/registration-form';
import { formatDate } from './title-downloads';

type Row = readonly [label: string, value: string];

function rowsOf(form: RegistrationForm): { heading: string; rows: Row[] }[] {
  const yes = (flag: boolean) => (flag ? 'Yes' : 'No');
  const work: Row[] = [
    ['Title', form.title],
    ['Alternative titles', form.alternativeTitles],
    ['Material type', form.materialType],
    ['Intended medium', form.intendedMedium],
    ['Description', form.description],
  ];
  if (form.publicationAsContribution) {
    work.push(
      ['Collective work', form.collectiveWorkTitle],
      ['Volume / issue', [form.volumeNumber, form.issueNumber].filter(Boolean).join(' / ')],
      ['Issue date', form.issueDate],
      ['Pages', form.pageNumbers],
    );
  }
  const author: Row[] = [
    ['Author', `${form.firstName} ${form.lastName}`.trim()],
    ['Born / died', [form.authorYearBorn, form.authorYearDied].filter(Boolean).join(' – ')],
    ['Nationality', form.authorNationality],
    ['Domicile', form.authorDomicile],
    ['Nature of authorship', form.natureOfAuthorship],
    ['Made for hire', form.workMadeForHire ? `Yes${form.employerName ? `, for ${isolate(form.employerName)}` : ''}` : 'No'],
    ['Anonymous', yes(form.anonymousWork)],
    ['Pseudonymous', form.pseudonymousWork ? `Yes${form.pseudonym ? `, as ${isolate(form.pseudonym)}` : ''}` : 'No'],
  ];
  const creation: Row[] = [
    ['Year of creation', form.yearOfCreation],
    ['Broadcast Registration Record', yes(form.workPublished)],
  ];
  if (form.workPublished) {
    creation.push(['Date of publication', form.dateOfPublication], ['Nation of publication', form.nationOfPublication]);
  }
  const contact: Row[] = [
    ['Name', `${form.firstName} ${form.lastName}`.trim()],
    ['Email', form.email],
    ['Phone', form.phone],
    ['Address', form.address],
  ];
  return [
    { heading: 'Work', rows: work },
    { heading: 'Author', rows: author },
    { heading: 'Creation', rows: creation },
    { heading: 'Contact', rows: contact },
  ];
}

/** A paid payment of this user that no registration has used (GET /api/payment/unused). */
export type UnusedPayment = { id: string; amount: number; reference: string | null; paid_at: string };

export type ReviewStepProps = {
  form: RegistrationForm;
  paymentVerified: boolean;
  unusedPayment: UnusedPayment | null;
  paying: boolean;
  onPay: () => void;
  onUseUnused: (payment: UnusedPayment) => void;
  onContinue: () => void;
};

export function ReviewStep({ form, paymentVerified, unusedPayment, paying, onPay, onUseUnused, onContinue }: ReviewStepProps) {
  const fee = useRegistrationFee();
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem] lg:items-start">
      <Card>
        <CardHeader>
          <CardTitle>Review your registration</CardTitle>
          <CardDescription>Check the details before you pay. Go back to change anything.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {rowsOf(form).map(({ heading, rows }) => (
            <section key={heading} aria-label={heading} className="grid gap-2">
              <h3 className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{heading}</h3>
              <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[11rem_1fr]">
                {rows
                  .filter(([, value]) => value.trim() !== '')
                  .map(([label, value]) => (
                    <div key={label} className="contents">
                      <dt className="text-muted-foreground">{label}</dt>
                      <UserText as="dd" className="min-w-0 wrap-anywhere pb-1 sm:pb-0">{value}</UserText>
                    </div>
                  ))}
              </dl>
            </section>
          ))}
        </CardContent>
      </Card>

      <Card className="lg:sticky lg:top-6">
        <CardHeader>
          <CardTitle>Registration fee</CardTitle>
          <CardDescription>One-time, per registration.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-3xl font-semibold tracking-tight">
            {fee.label} <span className="text-sm font-normal text-muted-foreground">USD</span>
          </p>
          {paymentVerified ? (
            <>
              <Alert variant="success" title="Payment received">
                Your payment is confirmed. Continue to upload your document.
              </Alert>
              <Button size="lg" onClick={onContinue}>
                Continue to Upload
              </Button>
            </>
          ) : (
            <>
              {unusedPayment ? (
                <>
                  <Alert variant="info" title="You have a payment not used yet">
                    You paid ${unusedPayment.amount.toFixed(2)} on {formatDate(unusedPayment.paid_at)}
                    {unusedPayment.reference ? (
                      <>
                        {' '}
                        for “<UserText>{unusedPayment.reference}</UserText>”
                      </>
                    ) : null}
                    , and no registration has used it. Use it
                    for this work instead of paying again.
                  </Alert>
                  <Button size="lg" onClick={() => onUseUnused(unusedPayment)} disabled={paying}>
                    Use This Payment
                  </Button>
                </>
              ) : null}
              <Button size="lg" variant={unusedPayment ? 'secondary' : 'primary'} onClick={onPay} disabled={paying || !fee.fee}>
                <CreditCard aria-hidden="true" />
                {paying ? 'Redirecting to payment...' : `Pay ${fee.label}`}
              </Button>
              <p className="flex items-start gap-2 text-xs text-muted-foreground">
                <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                You will be taken to a secure checkout page and brought back here to upload your work. Your answers
                are kept in this browser meanwhile.
              </p>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
