// Step 2 of sign-up: the Terms of Service and the Privacy Policy, each read in a modal that only
// "I Accept..." or "I Decline" can close. Declining either closes both and blocks sign-up until
// both are accepted. A modal opens on its text (not on "I Decline"); on closing, focus cannot go back
// to the Review button that opened it when accepting replaced that with "Accepted": it goes to what
// comes next instead (the other agreement's Review, or the message saying where things stand).
import { Check, FileText, ShieldCheck } from 'lucide-react';
import { useRef } from 'react';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Dialog, DialogContent } from '@/components/dialog';
import { moveFocusTo } from '@/lib/focus';

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
  const reviewButtons = useRef<Partial<Record<LegalDocument, HTMLButtonElement | null>>>({});
  const outcome = useRef<HTMLDivElement>(null);
  const declined = useRef(false);

  // Runs once the dialog has closed and the step shows the choice's result.
  const afterClose = (event: Event) => {
    event.preventDefault();
    const nextToReview = (Object.keys(documents) as LegalDocument[]).map((key) => reviewButtons.current[key]).find(Boolean);
    moveFocusTo(declined.current ? outcome.current : (nextToReview ?? outcome.current), { scroll: 'nearest' });
  };
  const declineDocuments = () => {
    declined.current = true;
    onDecline();
  };
  const acceptDocument = (document: LegalDocument) => {
    declined.current = false;
    onAccept(document);
  };

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
                <Button
                  ref={(button) => {
                    reviewButtons.current[key] = button;
                  }}
                  variant="secondary"
                  onClick={() => onReview(key)}
                  aria-label={`Review ${title}`}
                  className="sm:w-32"
                >
                  Review
                </Button>
              )}
            </li>
          );
        })}
      </ul>

      <div ref={outcome} className="rounded-lg empty:hidden">
        {state.termsAccepted && state.privacyAccepted ? (
          <Alert variant="success" title="All legal agreements accepted" role="status">
            You can now proceed to payment information
          </Alert>
        ) : state.declined ? (
          <Alert variant="danger" title="Registration cannot proceed" role="alert">
            You must accept our legal agreements to create an account
          </Alert>
        ) : null}
      </div>

      {(Object.keys(documents) as LegalDocument[]).map((key) => {
        const { title, accept, body } = documents[key];
        return (
          <Dialog key={key} open={state.reviewing === key}>
            <DialogContent
              dismissible={false}
              initialFocus="body"
              onCloseAutoFocus={afterClose}
              title={title}
              description="Read the summary below, then accept or decline."
              footer={
                <>
                  <Button variant="secondary" onClick={declineDocuments}>
                    I Decline
                  </Button>
                  <Button onClick={() => acceptDocument(key)}>{accept}</Button>
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
