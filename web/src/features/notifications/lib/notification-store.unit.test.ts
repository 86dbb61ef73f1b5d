// The local notification list: every change, the four filters and the 7-day summary.
import { describe, expect, test } from 'vitest';

import {
  filterNotifications,
  notificationsReducer,
  summarize,
  type NotificationAction,
  type NotificationItem,
} from './notification-store';

const now = new Date('2026-11-22T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

const item = (id: string, patch: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  type: 'registration',
  priority: 'medium',
  title: `Title ${id}`,
  message: 'Message',
  timestamp: daysAgo(1),
  read: false,
  ...patch,
});

const run = (start: readonly NotificationItem[], ...actions: NotificationAction[]) =>
  actions.reduce(notificationsReducer, start);

describe('notificationsReducer', () => {
  test('starts empty and adds newest first, replacing a repeated id', () => {
    const items = run([], { type: 'received', item: item('a') }, { type: 'received', item: item('b') });
    expect(items.map((i) => i.id)).toEqual(['b', 'a']);
    expect(run(items, { type: 'received', item: item('a', { title: 'again' }) }).map((i) => i.title)).toEqual([
      'again',
      'Title b',
    ]);
  });

  test('marks one read and unread again', () => {
    const read = run([item('a'), item('b')], { type: 'markedRead', id: 'a' });
    expect(read.map((i) => i.read)).toEqual([true, false]);
    expect(run(read, { type: 'markedUnread', id: 'a' }).map((i) => i.read)).toEqual([false, false]);
  });

  test('deletes one, marks all read, clears all', () => {
    const start = [item('a'), item('b', { read: true }), item('c')];
    expect(run(start, { type: 'deleted', id: 'b' }).map((i) => i.id)).toEqual(['a', 'c']);
    expect(run(start, { type: 'allMarkedRead' }).every((i) => i.read)).toBe(true);
    expect(run(start, { type: 'cleared' })).toEqual([]);
  });

  test('leaves the list untouched when nothing changes', () => {
    const allRead = [item('a', { read: true })];
    expect(notificationsReducer(allRead, { type: 'allMarkedRead' })).toBe(allRead);
    const empty: NotificationItem[] = [];
    expect(notificationsReducer(empty, { type: 'cleared' })).toBe(empty);
  });
});

describe('filters and summary', () => {
  const items = [
    item('reg', { type: 'registration' }),
    item('sec', { type: 'security', read: true }),
    item('pay', { type: 'payment', timestamp: daysAgo(8) }),
  ];

  test('All, Unread, Registration, Security', () => {
    const ids = (filter: Parameters<typeof filterNotifications>[1]) => filterNotifications(items, filter).map((i) => i.id);
    expect(ids('all')).toEqual(['reg', 'sec', 'pay']);
    expect(ids('unread')).toEqual(['reg', 'pay']);
    expect(ids('registration')).toEqual(['reg']);
    expect(ids('security')).toEqual(['sec']);
  });

  test('counts total, unread and the last 7 days', () => {
    expect(summarize(items, now)).toEqual({ total: 3, unread: 2, thisWeek: 2 });
    expect(summarize([item('edge', { timestamp: daysAgo(7) })], now).thisWeek).toBe(1);
    expect(summarize([], now)).toEqual({ total: 0, unread: 0, thisWeek: 0 });
  });
});
