// Security Settings: the password and two-factor sign-in.
import { LockKeyhole } from 'lucide-react';

import type { Profile } from '../../api/get-profile';
import { PasswordChangeForm } from './password-change-form';
import { Section } from './section';
import { TwoFactorSetting } from './two-factor-setting';

export function SecuritySection({ profile }: { profile: Profile }) {
  return (
    <Section id="security" title="Security Settings" description="Keep your account safe." Icon={LockKeyhole}>
      <div className="grid gap-6">
        <PasswordChangeForm />
        <hr className="border-border" />
        <TwoFactorSetting enabled={profile.twoFactorEnabled} />
      </div>
    </Section>
  );
}
