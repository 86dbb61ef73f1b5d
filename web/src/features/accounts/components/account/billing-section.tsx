// Billing & Payments: the card on file as the provider summarised it (never the number).
import { CreditCard } from 'lucide-react';

import { Alert } from '@/components/alert';

import type { Profile } from '../../api/get-profile';
import { brandName, formatCardExpiry } from '../../lib/card';
import { Details, Section } from './section';

export function BillingSection({ profile }: { profile: Profile }) {
  return (
    <Section id="billing" title="Billing & Payments" description="Charged only when you submit a registration." Icon={CreditCard}>
      {profile.cardLast4 ? (
        <Details
          items={[
            { label: 'Card', value: brandName(profile.cardBrand) },
            { label: 'Number', value: <span className="font-mono">•••• {profile.cardLast4}</span> },
            { label: 'Expires', value: formatCardExpiry(profile.cardExpMonth, profile.cardExpYear) },
          ]}
        />
      ) : (
        <Alert variant="warning" title="No card on file">
          A card is needed to pay for registrations.
        </Alert>
      )}
    </Section>
  );
}
