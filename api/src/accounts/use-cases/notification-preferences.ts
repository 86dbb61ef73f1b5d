// The notification preferences: all at once, or one switch. The decider writes nothing when nothing changes.
import type { CommandContext } from '../../domain/command-handler.js';
import type { Position } from '../../eventstore/position.js';
import type { NotificationPreferenceKey, NotificationPreferences } from '../../schemas/session.js';
import { requireActive, type UserCommand, type UserState } from '../decider.js';
import { onUserStream, writtenAt, type AccountsDeps } from './deps.js';

export async function setNotificationPreferences(
  deps: AccountsDeps,
  userId: string,
  preferences: NotificationPreferences,
  context: CommandContext,
): Promise<Position | undefined> {
  return writtenAt(await onUserStream(deps, userId, { type: 'ChangeNotificationPreferences', data: { preferences } }, context));
}

export async function setNotificationPreference(
  deps: AccountsDeps,
  userId: string,
  key: NotificationPreferenceKey,
  value: boolean,
  context: CommandContext,
): Promise<Position | undefined> {
  const toggle = (state: UserState): UserCommand => ({
    type: 'ChangeNotificationPreferences',
    data: { preferences: { ...requireActive(state).preferences, [key]: value } },
  });
  return writtenAt(await onUserStream(deps, userId, toggle, context));
}
