// Notification Preferences: the e-mail master switch and its topics (shown off and locked while
// e-mail is off), SMS, and Save once something changed: one PUT /api/user/notifications per switch
// changed (seed 001 §7.1: a preference key and a boolean).
import type { NotificationPreferences } from '@titleledger/api/schemas';
import { Bell } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';

import { Button } from '@/components/button';
import { SwitchField } from '@/components/switch';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';
import {
  EMAIL_TOPICS,
  pickPreferences,
  preferencesChanged,
  shownOn,
  topicDisabled,
  type EmailTopic,
} from '@/lib/notification-preferences';

import type { Profile } from '../../api/get-profile';
import { useSaveNotificationSwitches } from '../../api/save-notification-switches';
import { Section } from './section';

const topicText: Record<EmailTopic, { label: string; description: string }> = {
  registrationUpdates: { label: 'Registration updates', description: 'When a registration is processed or its certificate is ready.' },
  paymentUpdates: { label: 'Payment updates', description: 'Receipts and card problems.' },
  securityAlerts: { label: 'Security alerts', description: 'New sign-ins, password and 2FA changes.' },
  marketingEmails: { label: 'Marketing e-mails', description: 'News and offers, now and then.' },
};

export function NotificationPreferencesSection({ profile, saveHadFocus }: { profile: Profile; saveHadFocus: RefObject<boolean> }) {
  const saved = pickPreferences(profile);
  const update = useSaveNotificationSwitches();
  const saveButton = useRef<HTMLButtonElement>(null);
  // A save remounts this section (its key is the saved flags): the new Save takes the focus the old one had.
  useEffect(() => {
    if (!saveHadFocus.current) return;
    saveHadFocus.current = false;
    saveButton.current?.focus();
  }, [saveHadFocus]);
  const [draft, setDraft] = useState<NotificationPreferences>(saved);
  const changed = preferencesChanged(saved, draft);
  const set = (key: keyof NotificationPreferences) => (value: boolean) => setDraft((d) => ({ ...d, [key]: value }));

  const save = async () => {
    saveHadFocus.current = document.activeElement === saveButton.current;
    try {
      await update.mutateAsync({ saved, draft });
      toast({ title: 'Notifications updated', description: 'Your notification preferences have been saved.', variant: 'success' });
    } catch (error) {
      saveHadFocus.current = false;
      toast({
        title: 'Notifications update failed',
        description: errorMessage(error, 'Failed to update notification preferences'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Section id="notifications" title="Notification Preferences" description="Choose what we tell you about." Icon={Bell}>
      <div className="divide-y divide-border">
        <SwitchField
          className="py-3"
          id="pref-email"
          label="E-mail notifications"
          description="Turn off to stop all e-mail except what the law requires."
          checked={draft.emailNotifications}
          onChange={set('emailNotifications')}
        />
        <div className="pl-4 sm:pl-6">
          {EMAIL_TOPICS.map((topic) => (
            <SwitchField
              className="py-3"
              key={topic}
              id={`pref-${topic}`}
              {...topicText[topic]}
              checked={shownOn(draft, topic)}
              disabled={topicDisabled(draft)}
              onChange={set(topic)}
            />
          ))}
        </div>
        <SwitchField
          className="py-3"
          id="pref-sms"
          label="SMS notifications"
          description="Texts to the phone on your profile. Your choice is saved; texts are not sent yet."
          checked={draft.smsNotifications}
          onChange={set('smsNotifications')}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {/* Saving or Discard leaves nothing to save: Save stays focusable, so focus is not dropped to <body>. */}
        <Button ref={saveButton} onClick={save} disabled={!changed} focusableWhenDisabled pending={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Preferences'}
        </Button>
        {changed ? (
          <Button
            variant="ghost"
            onClick={() => {
              setDraft(saved);
              saveButton.current?.focus();
            }}
            disabled={update.isPending}
          >
            Discard changes
          </Button>
        ) : (
          <span className="text-sm text-muted-foreground">No unsaved changes</span>
        )}
      </div>
    </Section>
  );
}
