// Step 1 of sign-up: who the account is for and how to sign in. The checks run on Next (the
// spec's toasts, and the shared schema's message under each field that fails), not on every
// keystroke before that.
import { ACCOUNT_TYPES } from '@titleledger/api/schemas';

import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { PasswordInput } from '@/components/password-input';
import { Select } from '@/components/select';
import { regionOptions } from '@/lib/region-options';

import type { AccountErrors, AccountInfo } from '../lib/sign-up';

const accountTypeLabels: Record<(typeof ACCOUNT_TYPES)[number], string> = {
  individual: 'Individual',
  business: 'Business',
  organization: 'Organization',
};

const stateOptions = regionOptions('US');
const accountTypeOptions = ACCOUNT_TYPES.map((type) => ({ value: type, label: accountTypeLabels[type] }));

export function AccountStep({
  info,
  errors,
  onChange,
}: {
  info: AccountInfo;
  errors: AccountErrors;
  onChange: (patch: Partial<AccountInfo>) => void;
}) {
  const text = (key: keyof AccountInfo) => ({
    name: key,
    value: info[key],
    'aria-required': true,
    onChange: (event: { target: { value: string } }) => onChange({ [key]: event.target.value }),
  });

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label="Full name" error={errors.fullName} className="sm:col-span-2">
        {(control) => <Input {...control} {...text('fullName')} autoComplete="name" />}
      </Field>
      <Field label="Account type" error={errors.accountType}>
        {(control) => (
          <Select
            {...control}
            name="accountType"
            options={accountTypeOptions}
            value={info.accountType}
            onChange={(event) => onChange({ accountType: event.target.value as AccountInfo['accountType'] })}
          />
        )}
      </Field>
      <Field label="Email" error={errors.email}>
        {(control) => <Input {...control} {...text('email')} type="email" autoComplete="email" />}
      </Field>
      <Field label="Phone" error={errors.phone}>
        {(control) => <Input {...control} {...text('phone')} type="tel" autoComplete="tel" />}
      </Field>
      <Field label="Street address" error={errors.address}>
        {(control) => <Input {...control} {...text('address')} autoComplete="street-address" />}
      </Field>
      <Field label="City" error={errors.city}>
        {(control) => <Input {...control} {...text('city')} autoComplete="address-level2" />}
      </Field>
      <div className="grid grid-cols-2 gap-5">
        <Field label="State" error={errors.state}>
          {(control) => (
            <Select
              {...control}
              name="state"
              aria-required
              placeholder="Choose"
              options={stateOptions}
              value={info.state}
              onChange={(event) => onChange({ state: event.target.value as AccountInfo['state'] })}
            />
          )}
        </Field>
        <Field label="ZIP" error={errors.zipCode}>
          {(control) => <Input {...control} {...text('zipCode')} inputMode="numeric" autoComplete="postal-code" />}
        </Field>
      </div>
      <Field label="Password" error={errors.password} hint="At least 8 characters.">
        {(control) => <PasswordInput {...control} {...text('password')} autoComplete="new-password" />}
      </Field>
      <Field label="Confirm password" error={errors.confirmPassword}>
        {(control) => <PasswordInput {...control} {...text('confirmPassword')} autoComplete="new-password" />}
      </Field>
      <p className="text-xs text-muted-foreground sm:col-span-2">Country: United States (US). All fields are required.</p>
    </div>
  );
}
