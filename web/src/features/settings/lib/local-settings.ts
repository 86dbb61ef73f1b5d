// The /settings page's values (seed 001 §3.9, §9). They live in the page only and are never sent
// or stored, as the spec says: leaving the page forgets them.
export const SESSION_TIMEOUTS = ['1h', '8h', '24h', '7d', 'never'] as const;
export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export const TIMEZONES = ['UTC', 'EST', 'CST', 'MST', 'PST'] as const;
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD'] as const;
export const BACKUP_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const DATA_RETENTIONS = ['1year', '3years', '7years', 'forever'] as const;
export const EXPORT_FORMATS = ['json', 'csv'] as const;
export const THEMES = ['light', 'dark', 'system'] as const;
export const COLOR_SCHEMES = ['blue', 'green', 'purple', 'orange'] as const;
export const FONT_SIZES = ['small', 'medium', 'large'] as const;

export type LocalSettings = {
  theme: (typeof THEMES)[number];
  colorScheme: (typeof COLOR_SCHEMES)[number];
  fontSize: (typeof FONT_SIZES)[number];
  compactView: boolean;
  twoFactorEnabled: boolean;
  sessionTimeout: (typeof SESSION_TIMEOUTS)[number];
  activityLogging: boolean;
  dataEncryption: boolean;
  emailNotifications: boolean;
  pushNotifications: boolean;
  smsNotifications: boolean;
  weeklyDigest: boolean;
  language: (typeof LANGUAGES)[number];
  timezone: (typeof TIMEZONES)[number];
  dateFormat: (typeof DATE_FORMATS)[number];
  currency: (typeof CURRENCIES)[number];
  autoBackup: boolean;
  backupFrequency: (typeof BACKUP_FREQUENCIES)[number];
  dataRetention: (typeof DATA_RETENTIONS)[number];
  exportFormat: (typeof EXPORT_FORMATS)[number];
  developerMode: boolean;
  betaFeatures: boolean;
  analyticsOptOut: boolean;
  performanceMode: boolean;
};

/** The spec's defaults; the switches it leaves open default to the cautious choice. */
export const DEFAULT_LOCAL_SETTINGS: LocalSettings = {
  theme: 'system',
  colorScheme: 'blue',
  fontSize: 'medium',
  compactView: false,
  twoFactorEnabled: false,
  sessionTimeout: '24h',
  activityLogging: true,
  dataEncryption: true,
  emailNotifications: true,
  pushNotifications: false,
  smsNotifications: false,
  weeklyDigest: false,
  language: 'en',
  timezone: 'UTC',
  dateFormat: 'MM/DD/YYYY',
  currency: 'USD',
  autoBackup: true,
  backupFrequency: 'daily',
  dataRetention: '7years',
  exportFormat: 'json',
  developerMode: false,
  betaFeatures: false,
  analyticsOptOut: false,
  performanceMode: false,
};

export type SettingsAction = { type: 'changed'; patch: Partial<LocalSettings> } | { type: 'reset' };

export function settingsReducer(settings: LocalSettings, action: SettingsAction): LocalSettings {
  switch (action.type) {
    case 'changed': {
      const keys = Object.keys(action.patch) as Array<keyof LocalSettings>;
      return keys.every((key) => settings[key] === action.patch[key]) ? settings : { ...settings, ...action.patch };
    }
    case 'reset':
      return DEFAULT_LOCAL_SETTINGS;
    default: {
      const unhandled: never = action;
      return unhandled;
    }
  }
}

export function changedFromDefaults(settings: LocalSettings): Array<keyof LocalSettings> {
  return (Object.keys(DEFAULT_LOCAL_SETTINGS) as Array<keyof LocalSettings>).filter(
    (key) => settings[key] !== DEFAULT_LOCAL_SETTINGS[key],
  );
}
