// Step 2 of sign-up: the Terms of Service and the Privacy Policy, each read in a modal that only
// "I Accept..." or "I Decline" can close. Declining either closes both and blocks sign-up until
// both are accepted.
import { Check, FileText, ShieldCheck } from 'lucide-react';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Dialog, DialogContent } from '@/components/dialog';

import type { LegalDocument, WizardState } from '../lib/sign-up';
import { privacySummary, termsSummary } from './legal-texts';

const documents = {
  terms: {
    title: 'Terms of Service',
    description: 'The rules for using the service, payment and liability.',
    accept: 'I Accept These Terms',
    body: termsSummary,
    Icon: FileText,
  },
  privacy: {
    title: 'Privacy Policy',
    description: 'What we collect, why, and your choices.',
    accept: 'I Accept This Policy',
    body: privacySummary,
    Icon: ShieldCheck,
  },
} as const;

export function LegalStep({
  state,
  onReview,
  onAccept,
  onDecline,
}: {
  state: WizardState;
  onReview: (document: LegalDocument) => void;
  onAccept: (document: LegalDocument) => void;
  onDecline: () => void;
}) {
  const accepted = { terms: state.termsAccepted, privacy: state.privacyAccepted };
  return (
    <div className="grid gap-4">
      <ul className="grid gap-3">
        {(Object.keys(documents) as LegalDocument[]).map((key) => {
          const { title, description, Icon } = documents[key];
          return (
            <li
              key={key}
              className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex items-start gap-3">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-text" />
                <div>
                  <p className="font-medium">{title}</p>
                  <p className="text-sm text-muted-foreground">{description}</p>
                </div>
              </div>
              {accepted[key] ? (
                <Button variant="secondary" disabled aria-label={`${title} accepted`} className="sm:w-32">
                  <Check aria-hidden="true" className="text-success" />
                  Accepted
                </Button>
              ) : (
                <Button variant="secondary" onClick={() => onReview(key)} aria-label={`Review ${title}`} className="sm:w-32">
                  Review
                </Button>
              )}
            </li>
          );
        })}
      </ul>

      {state.termsAccepted && state.privacyAccepted ? (
        <Alert variant="success" title="All legal agreements accepted" role="status">
          You can now proceed to payment information
        </Alert>
      ) : state.declined ? (
        <Alert variant="danger" title="Registration cannot proceed" role="alert">
          You must accept our legal agreements to create an account
        </Alert>
      ) : null}

      {(Object.keys(documents) as LegalDocument[]).map((key) => {
        const { title, accept, body } = documents[key];
        return (
          <Dialog key={key} open={state.reviewing === key}>
            <DialogContent
              dismissible={false}
              title={title}
              description="Read the summary below, then accept or decline."
              footer={
                <>
                  <Button variant="secondary" onClick={onDecline}>
                    I Decline
                  </Button>
                  <Button onClick={() => onAccept(key)}>{accept}</Button>
                </>
              }
            >
              {body}
            </DialogContent>
          </Dialog>
        );
      })}
    </div>
  );
}
