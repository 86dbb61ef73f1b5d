// /settings: preferences held on this page only (seed 001 §2.6): they are not sent anywhere and
// are forgotten when you leave, and the page says so. The real colour theme is the switcher in
// the side menu; account security lives in Account Settings.
import { Database, Globe, Info, Palette, ShieldCheck, SlidersHorizontal, type LucideIcon } from 'lucide-react';
import { useReducer, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/card';
import { Field } from '@/components/field';
import { Select } from '@/components/select';
import { SwitchField } from '@/components/switch';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/lib/paths';

import {
  BACKUP_FREQUENCIES,
  changedFromDefaults,
  COLOR_SCHEMES,
  CURRENCIES,
  DATA_RETENTIONS,
  DATE_FORMATS,
  DEFAULT_LOCAL_SETTINGS,
  EXPORT_FORMATS,
  FONT_SIZES,
  LANGUAGES,
  SESSION_TIMEOUTS,
  settingsReducer,
  THEMES,
  TIMEZONES,
  type LocalSettings,
} from '../lib/local-settings';

type ChoiceKey = { [K in keyof LocalSettings]: LocalSettings[K] extends string ? K : never }[keyof LocalSettings];
type SwitchKey = { [K in keyof LocalSettings]: LocalSettings[K] extends boolean ? K : never }[keyof LocalSettings];

const labels: Record<string, string> = {
  light: 'Light', dark: 'Dark', system: 'System',
  blue: 'Blue', green: 'Green', purple: 'Purple', orange: 'Orange',
  small: 'Small', medium: 'Medium', large: 'Large',
  '1h': '1 hour', '8h': '8 hours', '24h': '24 hours', '7d': '7 days', never: 'Never',
  en: 'English', es: 'Español', fr: 'Français', de: 'Deutsch',
  UTC: 'UTC', EST: 'Eastern (EST)', CST: 'Central (CST)', MST: 'Mountain (MST)', PST: 'Pacific (PST)',
  USD: 'USD ($)', EUR: 'EUR (€)', GBP: 'GBP (£)', CAD: 'CAD ($)',
  daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly',
  '1year': '1 year', '3years': '3 years', '7years': '7 years', forever: 'Forever',
  json: 'JSON', csv: 'CSV',
};

const options = (values: readonly string[]) => values.map((value) => ({ value, label: labels[value] ?? value }));

function Group({ title, Icon, children }: { title: string; Icon: LucideIcon; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent-soft">
          <Icon aria-hidden="true" className="size-4 text-accent-text" />
        </span>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

export function SettingsPage() {
  useDocumentTitle('Settings');
  const [settings, dispatch] = useReducer(settingsReducer, DEFAULT_LOCAL_SETTINGS);
  const changed = changedFromDefaults(settings).length;

  const choice = (key: ChoiceKey, label: string, values: readonly string[]) => (
    <Field label={label}>
      {(control) => (
        <Select
          {...control}
          options={options(values)}
          value={settings[key]}
          onChange={(event) => dispatch({ type: 'changed', patch: { [key]: event.target.value } })}
        />
      )}
    </Field>
  );

  const toggle = (key: SwitchKey, label: string, description: string) => (
    <SwitchField
      id={`setting-${key}`}
      label={label}
      description={description}
      checked={settings[key]}
      onChange={(value) => dispatch({ type: 'changed', patch: { [key]: value } })}
    />
  );

  return (
    <section aria-labelledby="page-title" className="grid gap-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="page-title" className="text-3xl font-semibold tracking-tight">
            Settings
          </h1>
          <p className="mt-2 text-muted-foreground">Preferences and configuration.</p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => dispatch({ type: 'reset' })} disabled={changed === 0}>
          Reset to defaults
        </Button>
      </header>

      <Alert variant="info" title="These settings are not saved">
        They are kept while this page is open, change nothing elsewhere, and return to their defaults when you leave.
        Whatever the switches below say, your documents are always stored encrypted and every account action is
        recorded. To change the colour theme for real, use the theme switcher in the menu; for your password, two-factor sign-in and e-mail preferences, go
        to{' '}
        <Link to={paths.account} className="rounded-sm font-medium text-accent-text underline-offset-4 hover:underline">
          Account Settings
        </Link>
        .
      </Alert>

      <Group title="Appearance" Icon={Palette}>
        {choice('theme', 'Theme', THEMES)}
        {choice('colorScheme', 'Colour scheme', COLOR_SCHEMES)}
        {choice('fontSize', 'Font size', FONT_SIZES)}
        {toggle('compactView', 'Compact view', 'Fit more on the screen.')}
      </Group>

      <Group title="Security" Icon={ShieldCheck}>
        {choice('sessionTimeout', 'Session timeout', SESSION_TIMEOUTS)}
        {toggle('twoFactorEnabled', 'Two-factor reminder', 'Remind me to use two-factor sign-in.')}
        {toggle('activityLogging', 'Activity logging', 'Keep a log of account activity.')}
        {toggle('dataEncryption', 'Data encryption', 'Encrypt documents at rest.')}
      </Group>

      <Group title="Notifications" Icon={Info}>
        {toggle('emailNotifications', 'E-mail', 'Updates by e-mail.')}
        {toggle('pushNotifications', 'Push', 'Browser notifications.')}
        {toggle('smsNotifications', 'SMS', 'Saved for later: texts are not sent yet.')}
        {toggle('weeklyDigest', 'Weekly digest', 'One summary e-mail a week.')}
      </Group>

      <Group title="Language & region" Icon={Globe}>
        {choice('language', 'Language', LANGUAGES)}
        {choice('timezone', 'Time zone', TIMEZONES)}
        {choice('dateFormat', 'Date format', DATE_FORMATS)}
        {choice('currency', 'Currency', CURRENCIES)}
      </Group>

      <Group title="Data" Icon={Database}>
        {toggle('autoBackup', 'Automatic backup', 'Back up your registrations on a schedule.')}
        {choice('backupFrequency', 'Backup frequency', BACKUP_FREQUENCIES)}
        {choice('dataRetention', 'Data retention', DATA_RETENTIONS)}
        {choice('exportFormat', 'Export format', EXPORT_FORMATS)}
      </Group>

      <Group title="Advanced" Icon={SlidersHorizontal}>
        {toggle('developerMode', 'Developer mode', 'Show technical details such as IDs.')}
        {toggle('betaFeatures', 'Beta features', 'Try features before they are finished.')}
        {toggle('analyticsOptOut', 'Opt out of analytics', 'Do not send anonymous usage data.')}
        {toggle('performanceMode', 'Performance mode', 'Reduce animations and effects.')}
      </Group>
    </section>
  );
}
