// The e-mail master switch: while e-mail notifications are off, the per-topic toggles are shown
// off and cannot be changed, but keep their stored values so switching e-mail back on restores them.
import type { NotificationPreferences } from '@titleledger/api/schemas';

export const EMAIL_TOPICS = ['registrationUpdates', 'paymentUpdates', 'securityAlerts', 'marketingEmails'] as const;
export type EmailTopic = (typeof EMAIL_TOPICS)[number];

export function shownOn(preferences: NotificationPreferences, topic: EmailTopic): boolean {
  return preferences.emailNotifications && preferences[topic];
}

export function topicDisabled(preferences: NotificationPreferences): boolean {
  return !preferences.emailNotifications;
}

/** The switches whose draft differs from what is saved, in the saved record's order. */
export function changedPreferences(saved: NotificationPreferences, draft: NotificationPreferences): Array<keyof NotificationPreferences> {
  return (Object.keys(saved) as Array<keyof NotificationPreferences>).filter((key) => saved[key] !== draft[key]);
}

export function preferencesChanged(saved: NotificationPreferences, draft: NotificationPreferences): boolean {
  return changedPreferences(saved, draft).length > 0;
}

/** The six flags out of a user record (which carries more). */
export function pickPreferences(user: NotificationPreferences): NotificationPreferences {
  return {
    emailNotifications: user.emailNotifications,
    smsNotifications: user.smsNotifications,
    securityAlerts: user.securityAlerts,
    registrationUpdates: user.registrationUpdates,
    paymentUpdates: user.paymentUpdates,
    marketingEmails: user.marketingEmails,
  };
}
