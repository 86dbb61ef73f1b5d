// /notification-settings: e-mail and SMS preferences, saved together with Save Preferences
// (PUT /api/user/notification-preferences). Topic e-mails follow the e-mail master switch.
import type { NotificationPreferences } from '@titleledger/api/schemas';
import { Mail, MessageSquare, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { Loading, LoadFailed } from '@/components/query-states';
import { SwitchField } from '@/components/switch';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toast } from '@/hooks/use-toast';
import { EMAIL_TOPICS, preferencesChanged, shownOn, topicDisabled, type EmailTopic } from '@/lib/notification-preferences';
import { paths } from '@/lib/paths';

import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

const topicText: Record<EmailTopic, { label: string; description: string }> = {
  registrationUpdates: { label: 'Registration updates', description: 'Your registrations are processed, certificates ready.' },
  paymentUpdates: { label: 'Payment updates', description: 'Receipts and card problems.' },
  securityAlerts: { label: 'Security alerts', description: 'New sign-ins, password and 2FA changes.' },
  marketingEmails: { label: 'Product news and offers', description: 'Occasional marketing e-mail.' },
};

function Group({ id, title, description, Icon, children }: { id: string; title: string; description: string; Icon: LucideIcon; children: ReactNode }) {
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader className="flex-row items-start gap-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent-soft">
          <Icon aria-hidden="true" className="size-4 text-accent-text" />
        </span>
        <div className="grid gap-1">
          <CardTitle id={`${id}-title`}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="divide-y divide-border pt-2">{children}</CardContent>
    </Card>
  );
}

function SettingsForm({ saved }: { saved: NotificationPreferences }) {
  const update = useUpdateNotificationPreferences();
  const [draft, setDraft] = useState(saved);
  const set = (key: keyof NotificationPreferences) => (value: boolean) => setDraft((d) => ({ ...d, [key]: value }));

  const save = async () => {
    try {
      await update.mutateAsync(draft);
      toast({ title: 'Preferences Updated', description: 'Your notification preferences have been saved.', variant: 'success' });
    } catch {
      toast({
        title: 'Update Failed',
        description: 'Failed to save your notification preferences. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="grid gap-6">
      <Group id="email" title="Email" description="Messages to the e-mail address on your account." Icon={Mail}>
        <SwitchField
          className="py-3"
          id="email-all"
          label="E-mail notifications"
          description="Turn off to stop the e-mails below."
          checked={draft.emailNotifications}
          onChange={set('emailNotifications')}
        />
        {EMAIL_TOPICS.map((topic) => (
          <SwitchField
            className="py-3"
            key={topic}
            id={`email-${topic}`}
            {...topicText[topic]}
            checked={shownOn(draft, topic)}
            disabled={topicDisabled(draft)}
            onChange={set(topic)}
          />
        ))}
      </Group>
      <Group id="sms" title="SMS" description="Texts to the phone number on your profile. Your choice is saved, but TitleLedger does not send texts yet." Icon={MessageSquare}>
        <SwitchField
          className="py-3"
          id="sms-all"
          label="SMS notifications"
          description="Security alerts and registration updates by text, once texts are offered. None are sent yet."
          checked={draft.smsNotifications}
          onChange={set('smsNotifications')}
        />
      </Group>
      <div className="flex flex-wrap items-center gap-3">
        {/* Nothing to save until something changed. */}
        <Button onClick={save} disabled={!preferencesChanged(saved, draft)} focusableWhenDisabled pending={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Preferences'}
        </Button>
        <span className="text-sm text-muted-foreground" role="status">
          {preferencesChanged(saved, draft) ? 'You have unsaved changes.' : 'No changes to save.'}
        </span>
      </div>
    </div>
  );
}

export function NotificationSettingsPage() {
  useDocumentTitle('Notification Settings');
  const preferences = useNotificationPreferences();
  return (
    <section aria-labelledby="page-title" className="grid max-w-3xl gap-6">
      <header>
        <h1 id="page-title" className="text-3xl font-semibold tracking-tight">
          Notification Settings
        </h1>
        <p className="mt-2 text-muted-foreground">
          Choose how we contact you. See your alerts in{' '}
          <Link to={paths.notifications} className="rounded-sm font-medium text-accent-text underline-offset-4 hover:underline">
            Notifications
          </Link>
          .
        </p>
      </header>
      {preferences.isPending ? (
        <Loading className="justify-start py-12">Loading your preferences...</Loading>
      ) : preferences.isError ? (
        <LoadFailed title="Your preferences could not be loaded" error={preferences.error} onRetry={() => void preferences.refetch()} />
      ) : (
        <SettingsForm key={JSON.stringify(preferences.data)} saved={preferences.data} />
      )}
    </section>
  );
}
