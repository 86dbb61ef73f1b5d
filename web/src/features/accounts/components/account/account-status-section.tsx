// Account Status: what kind of account this is, since when, and how well it is protected.
import { BadgeCheck } from 'lucide-react';

import { Badge } from '@/components/badge';

import type { Profile } from '../../api/get-profile';
import { Details, formatDate, Section } from './section';

const accountTypeLabels: Record<string, string> = {
  individual: 'Individual',
  business: 'Business',
  organization: 'Organization',
};

export function AccountStatusSection({ profile }: { profile: Profile }) {
  return (
    <Section id="status" title="Account Status" description="Your membership at a glance." Icon={BadgeCheck}>
      <Details
        items={[
          { label: 'Status', value: <Badge variant="success">Active</Badge> },
          { label: 'Account type', value: accountTypeLabels[profile.accountType] ?? profile.accountType },
          { label: 'Member since', value: formatDate(profile.createdAt) },
          { label: 'Password last changed', value: profile.passwordChangedAt ? formatDate(profile.passwordChangedAt) : 'Never' },
          {
            label: 'Two-factor authentication',
            value: profile.twoFactorEnabled ? <Badge variant="success">Enabled</Badge> : <Badge>Not enabled</Badge>,
          },
          { label: 'Card on file', value: profile.cardLast4 ? <Badge variant="accent">Yes</Badge> : <Badge variant="warning">No</Badge> },
        ]}
      />
    </Section>
  );
}
