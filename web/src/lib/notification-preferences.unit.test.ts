// The master e-mail switch and "Save only when something changed" (seed 001 §4.3).
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@titleledger/api/schemas';
import { describe, expect, test } from 'vitest';

import { changedPreferences, pickPreferences, preferencesChanged, shownOn, topicDisabled } from './notification-preferences';

describe('notification toggles', () => {
  const on = DEFAULT_NOTIFICATION_PREFERENCES;
  const masterOff = { ...on, emailNotifications: false };

  test('topics are shown off and disabled while e-mail is off, and keep their values', () => {
    expect(shownOn(on, 'securityAlerts')).toBe(true);
    expect(shownOn(masterOff, 'securityAlerts')).toBe(false);
    expect(masterOff.securityAlerts).toBe(true);
    expect(topicDisabled(masterOff)).toBe(true);
    expect(topicDisabled(on)).toBe(false);
  });

  test('save is offered only after a change', () => {
    expect(preferencesChanged(on, { ...on })).toBe(false);
    expect(preferencesChanged(on, masterOff)).toBe(true);
  });

  test('names each switch that changed, one key per call (PUT /api/user/notifications, seed 001 §7.1)', () => {
    expect(changedPreferences(on, { ...on })).toEqual([]);
    expect(changedPreferences(on, { ...masterOff, marketingEmails: !on.marketingEmails })).toEqual(['emailNotifications', 'marketingEmails']);
  });

  test('picks the six flags out of a user', () => {
    expect(pickPreferences({ ...on, email: 'a@b.c' } as typeof on)).toEqual(on);
  });
});
