// Billing & Payments: the card on file as the provider summarised it (never the number). The card
// is not charged: each registration's fee is paid on the checkout page, with the card typed there.
import { CreditCard } from 'lucide-react';

import { Alert } from '@/components/alert';

import type { Profile } from '../../api/get-profile';
import { brandName, formatCardExpiry } from '../../lib/card';
import { Details, Section } from './section';

export function BillingSection({ profile }: { profile: Profile }) {
  return (
    <Section id="billing" title="Billing & Payments" description="The card saved when you signed up. Registration fees are paid at checkout, with the card you enter there." Icon={CreditCard}>
      {profile.cardLast4 ? (
        <Details
          items={[
            { label: 'Card', value: brandName(profile.cardBrand) },
            { label: 'Number', value: <span className="font-mono">•••• {profile.cardLast4}</span> },
            { label: 'Expires', value: formatCardExpiry(profile.cardExpMonth, profile.cardExpYear) },
          ]}
        />
      ) : (
        <Alert title="No card on file">
          None is needed: each registration's fee is paid at checkout, with the card you enter there.
        </Alert>
      )}
    </Section>
  );
}
