// The policy pages: /privacy, /terms, /cookies, /refund. The terms defer to the refund policy,
// and both read their figures from content/site-facts.ts, so they cannot disagree.
import { Link } from 'react-router-dom';

import { paths } from '@/lib/paths';

import { CONTACT, REFUNDS } from '../content/site-facts';

import { LegalMeta, MarketingPage, ProseSection } from './marketing-page';

const UPDATED = 'January 2026';

export function PrivacyPage() {
  return (
    <MarketingPage title="Privacy Policy" lead="What we collect, why, who can see it, and how to have it removed.">
      <LegalMeta updated={UPDATED} />
      <ProseSection title="What we collect">
        <ul>
          <li><strong>Account details</strong>: name, e-mail, phone, postal address, account type, and your password (stored only as a salted hash).</li>
          <li><strong>Card summary</strong>: the payment provider holds your card; we keep its brand, last four digits and expiry date.</li>
          <li><strong>Registrations</strong>: the metadata you enter, the hashes of your file and the file itself, encrypted at rest.</li>
          <li><strong>Support requests</strong>: the name, e-mail and message you send us, so we can answer.</li>
          <li><strong>Security records</strong>: sign-ins, IP addresses and actions on your account, kept to protect it.</li>
        </ul>
      </ProseSection>
      <ProseSection title="What is public">
        <p>
          Registration metadata is publicly searchable: the title, TR number, registrant name, material type, registration
          date and status. The contents of your work are never published. Hashes and Merkle roots are written to a public
          chain; they reveal nothing about the contents.
        </p>
      </ProseSection>
      <ProseSection title="How your personal data is protected">
        <p>
          Your profile is encrypted under a key of its own. When you delete your account we destroy that key, so the
          personal details in our records can no longer be read, while the registrations’ cryptographic proofs stay valid.
          Support requests from visitors without an account are kept with the name and e-mail given, only to answer them.
        </p>
      </ProseSection>
      <ProseSection title="Who we share it with">
        <p>
          The payment provider (to charge your card) and the e-mail service (to send you messages). We do not sell personal
          data and do not use advertising trackers.
        </p>
      </ProseSection>
      <ProseSection title="Your choices">
        <p>
          You can export your data and delete your account in <Link to={paths.account}>Account Settings</Link>. For anything
          else write to <a href={`mailto:${CONTACT.privacyEmail}`}>{CONTACT.privacyEmail}</a>. The service is not for
          children under 13.
        </p>
      </ProseSection>
    </MarketingPage>
  );
}

export function TermsPage() {
  return (
    <MarketingPage title="Terms of Use" lead="The agreement between you and TitleLedger when you use the service.">
      <LegalMeta updated={UPDATED} />
      <ProseSection title="The service">
        <p>
          TitleLedger records cryptographic proof that a file existed at a point in time and issues a certificate for it.
          <strong> It is not a government copyright registration</strong> unless we explicitly say so for a particular
          service, and it does not replace legal advice.
        </p>
      </ProseSection>
      <ProseSection title="Your account">
        <p>
          You must be at least 13 years old. Keep your password safe; you are responsible for activity on your account. A card
          on file is required to sign up. Nothing is charged then: you are charged only when you submit a registration,
          at its checkout.
        </p>
      </ProseSection>
      <ProseSection title="Your content">
        <p>
          You keep all rights to the works you register. You confirm you have the right to register them. The metadata you
          enter (title, registrant name, material type) is publicly searchable; the work itself is stored encrypted.
        </p>
      </ProseSection>
      <ProseSection title="Payments and refunds">
        <p>
          Fees are shown before you pay. Services are non-refundable except as described in our{' '}
          <Link to={paths.refund}>Refund Policy</Link>, which is part of these terms: among others, {REFUNDS.accidental}, and{' '}
          {REFUNDS.conditional}.
        </p>
      </ProseSection>
      <ProseSection title="Liability and disputes">
        <p>
          Our liability for any claim is limited to the amount you paid for the service concerned. These terms are governed by
          the laws of the State of California, and disputes are settled by binding arbitration.
        </p>
      </ProseSection>
      <ProseSection title="Contact">
        <p>
          Questions about these terms: <a href={`mailto:${CONTACT.legalEmail}`}>{CONTACT.legalEmail}</a>.
        </p>
      </ProseSection>
    </MarketingPage>
  );
}

export function CookiesPage() {
  return (
    <MarketingPage title="Cookie Policy" lead="We use as little browser storage as the service needs, and no advertising trackers.">
      <LegalMeta updated={UPDATED} />
      <ProseSection title="What we store in your browser">
        <ul>
          <li><strong>Session</strong>: a session cookie (<code>tl_session</code>, not readable by scripts) that keeps you signed in: it ends when the browser closes, or after 30 days when you tick "Remember me".</li>
          <li><strong>Theme</strong>: your light, dark or system choice (local storage).</li>
          <li><strong>Registration draft</strong>: the title form you are filling in, so a payment redirect does not lose it.</li>
          <li><strong>Staff mode</strong>: a flag used only by staff on admin pages.</li>
        </ul>
      </ProseSection>
      <ProseSection title="What we don’t use">
        <p>No advertising, cross-site tracking or third-party analytics cookies. The payment provider may set its own cookies on its checkout pages, under its own policy.</p>
      </ProseSection>
      <ProseSection title="Your control">
        <p>You can clear these at any time in your browser; you will be signed out and your theme will return to light.</p>
      </ProseSection>
    </MarketingPage>
  );
}

export function RefundPage() {
  return (
    <MarketingPage title="Refund Policy" lead="When you can get your money back, and how quickly.">
      <LegalMeta updated={UPDATED} />
      <ProseSection title="When we refund">
        <ul>
          <li><strong>Accidental purchases</strong>: {REFUNDS.accidental}.</li>
          <li><strong>Within 7 days</strong>: {REFUNDS.conditional}, for example when a registration could not be completed or was charged twice.</li>
          <li><strong>Up to 30 days</strong>: {REFUNDS.caseByCase}.</li>
          <li><strong>Annual plans</strong>: {REFUNDS.annual}.</li>
        </ul>
        <p>
          A registration that has already been anchored cannot be undone, so its fee is refunded only in the cases above.
        </p>
      </ProseSection>
      <ProseSection title="How to ask">
        <p>
          Send a request through the <Link to={paths.support}>support center</Link> with the issue type “Payment Issue”, or write
          to <a href={`mailto:${CONTACT.supportEmail}`}>{CONTACT.supportEmail}</a>. Include the TR number or the payment date.
        </p>
      </ProseSection>
      <ProseSection title="Timing">
        <p>
          {REFUNDS.review.charAt(0).toUpperCase() + REFUNDS.review.slice(1)}, and {REFUNDS.payout}, to the card you paid with.
        </p>
      </ProseSection>
    </MarketingPage>
  );
}
