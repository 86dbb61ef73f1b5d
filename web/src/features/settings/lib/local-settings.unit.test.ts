// The local settings' defaults and options (seed 001 §9) and the page's reducer.
import { describe, expect, test } from 'vitest';

import {
  BACKUP_FREQUENCIES,
  changedFromDefaults,
  CURRENCIES,
  DATA_RETENTIONS,
  DATE_FORMATS,
  DEFAULT_LOCAL_SETTINGS,
  LANGUAGES,
  SESSION_TIMEOUTS,
  settingsReducer,
  TIMEZONES,
} from './local-settings';

describe('local settings', () => {
  test("start from the spec's defaults", () => {
    expect(DEFAULT_LOCAL_SETTINGS).toMatchObject({
      theme: 'system',
      colorScheme: 'blue',
      fontSize: 'medium',
      sessionTimeout: '24h',
      language: 'en',
      timezone: 'UTC',
      dateFormat: 'MM/DD/YYYY',
      currency: 'USD',
      backupFrequency: 'daily',
      dataRetention: '7years',
      exportFormat: 'json',
    });
  });

  test("offer the spec's options", () => {
    expect(SESSION_TIMEOUTS).toEqual(['1h', '8h', '24h', '7d', 'never']);
    expect(LANGUAGES).toEqual(['en', 'es', 'fr', 'de']);
    expect(TIMEZONES).toEqual(['UTC', 'EST', 'CST', 'MST', 'PST']);
    expect(DATE_FORMATS).toEqual(['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD']);
    expect(CURRENCIES).toEqual(['USD', 'EUR', 'GBP', 'CAD']);
    expect(BACKUP_FREQUENCIES).toEqual(['daily', 'weekly', 'monthly']);
    expect(DATA_RETENTIONS).toEqual(['1year', '3years', '7years', 'forever']);
  });

  test('change one value, report what differs, reset', () => {
    const changed = settingsReducer(DEFAULT_LOCAL_SETTINGS, { type: 'changed', patch: { currency: 'EUR' } });
    expect(changed.currency).toBe('EUR');
    expect(changedFromDefaults(changed)).toEqual(['currency']);
    expect(settingsReducer(changed, { type: 'changed', patch: { currency: 'EUR' } })).toBe(changed);
    expect(settingsReducer(changed, { type: 'reset' })).toEqual(DEFAULT_LOCAL_SETTINGS);
  });
});
