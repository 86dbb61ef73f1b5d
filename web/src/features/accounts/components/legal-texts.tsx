// What the two sign-up agreements say, in short. The facts come from the product spec (the
// legal pages hold the full wording); the modals show enough to make acceptance informed.
import type { ReactNode } from 'react';

import { PRODUCT_NAME } from '@/lib/site';

export const termsSummary: ReactNode = (
  <div className="grid gap-3 text-sm leading-relaxed text-foreground">
    <p>By creating a {PRODUCT_NAME} account you agree to these terms.</p>
    <ul className="grid list-disc gap-2 pl-5 text-muted-foreground">
      <li>
        {PRODUCT_NAME} timestamps and hashes your work and issues a digital title certificate. It is not a
        government copyright registration unless explicitly stated.
      </li>
      <li>A card on file is required to sign up. Nothing is charged then: you are charged only when you submit a registration, at its checkout.</li>
      <li>All services are non-refundable, except as described in our Refund Policy.</li>
      <li>Our liability is limited to the amount you paid for the service.</li>
      <li>Disputes are settled by binding arbitration under California law.</li>
      <li>The service is not for children under 13.</li>
    </ul>
  </div>
);

export const privacySummary: ReactNode = (
  <div className="grid gap-3 text-sm leading-relaxed text-foreground">
    <p>How {PRODUCT_NAME} handles your personal information.</p>
    <ul className="grid list-disc gap-2 pl-5 text-muted-foreground">
      <li>We keep your profile, contact details and a summary of your card (brand, last four digits, expiry). We never store your full card number.</li>
      <li>Registration metadata (title, registrant name, material type, dates) may be publicly searchable so others can verify your certificate.</li>
      <li>One sign-in works across the web app, the mobile app and the companion app.</li>
      <li>You can export your data or delete your account at any time from Account Settings.</li>
    </ul>
  </div>
);
