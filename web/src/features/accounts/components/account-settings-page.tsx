// /account: Account Settings. One read (the profile) feeds every section; each section owns its
// own change and says how it went.
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorMessage } from '@/lib/api-error';

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

  return (
    <section aria-labelledby="page-title" className="grid gap-6">
      <header>
        <h1 id="page-title" className="text-3xl font-semibold tracking-tight">
          Account Settings
        </h1>
        <p className="mt-2 text-muted-foreground">Manage your profile, security, billing and privacy.</p>
      </header>

      {profile.isPending ? (
        <div className="flex items-center gap-3 py-12 text-sm text-muted-foreground">
          <Spinner label="Loading your account" />
          Loading your account...
        </div>
      ) : profile.isError ? (
        <Alert variant="danger" title="Your account could not be loaded" role="alert">
          <p>{errorMessage(profile.error, 'Please try again.')}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <ProfileSection profile={profile.data} />
          <AccountStatusSection profile={profile.data} />
          <SecuritySection profile={profile.data} />
          <BillingSection profile={profile.data} />
          {/* Keyed on the saved flags so a save (or a change made elsewhere) resets the draft. */}
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
          />
          <DataPrivacySection profile={profile.data} />
        </>
      )}
    </section>
  );
}
