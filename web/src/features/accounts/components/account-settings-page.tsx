// /account: Account Settings. One read (the profile) feeds every section; each section owns its
// own change and says how it went.
import { useRef } from 'react';

import { Loading, LoadFailed } from '@/components/query-states';
import { useDocumentTitle } from '@/hooks/use-document-title';

import { useProfile } from '../api/get-profile';
import { AccountStatusSection } from './account/account-status-section';
import { BillingSection } from './account/billing-section';
import { DataPrivacySection } from './account/data-privacy-section';
import { NotificationPreferencesSection } from './account/notification-preferences-section';
import { ProfileSection } from './account/profile-section';
import { SecuritySection } from './account/security-section';

export function AccountSettingsPage() {
  useDocumentTitle('Account Settings');
  const profile = useProfile();
  // Kept across the remount a save causes: Save had focus, so the new section's Save takes it.
  const saveHadFocus = useRef(false);

  return (
    <section aria-labelledby="page-title" className="grid gap-6">
      <header>
        <h1 id="page-title" className="text-3xl font-semibold tracking-tight">
          Account Settings
        </h1>
        <p className="mt-2 text-muted-foreground">Manage your profile, security, billing and privacy.</p>
      </header>

      {profile.isPending ? (
        <Loading className="justify-start py-12">Loading your account...</Loading>
      ) : profile.isError ? (
        <LoadFailed title="Your account could not be loaded" error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <ProfileSection profile={profile.data} />
          <AccountStatusSection profile={profile.data} />
          <SecuritySection profile={profile.data} />
          <BillingSection profile={profile.data} />
          {/* Keyed on the saved flags so a save (or a change made elsewhere) resets the draft; focus
              then goes back to its Save button (saveHadFocus), not to <body>. */}
          <NotificationPreferencesSection
            key={JSON.stringify([
              profile.data.emailNotifications,
              profile.data.smsNotifications,
              profile.data.securityAlerts,
              profile.data.registrationUpdates,
              profile.data.paymentUpdates,
              profile.data.marketingEmails,
            ])}
            profile={profile.data}
            saveHadFocus={saveHadFocus}
          />
          <DataPrivacySection profile={profile.data} />
        </>
      )}
    </section>
  );
}
