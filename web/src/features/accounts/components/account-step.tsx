// Step 1 of sign-up: who the account is for and how to sign in. The required-field, match and
// length checks run on Next (with the spec's toasts), not on every keystroke.
import { ACCOUNT_TYPES } from '@titleledger/api/schemas';

import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { PasswordInput } from '@/components/password-input';
import { Select } from '@/components/select';
import { regionOptions } from '@/lib/region-options';

import type { AccountInfo } from '../lib/sign-up';

const accountTypeLabels: Record<(typeof ACCOUNT_TYPES)[number], string> = {
  individual: 'Individual',
  business: 'Business',
  organization: 'Organization',
};

const stateOptions = regionOptions('US');
const accountTypeOptions = ACCOUNT_TYPES.map((type) => ({ value: type, label: accountTypeLabels[type] }));

export function AccountStep({
  info,
  onChange,
}: {
  info: AccountInfo;
  onChange: (patch: Partial<AccountInfo>) => void;
}) {
  const text = (key: keyof AccountInfo) => ({
    value: info[key],
    'aria-required': true,
    onChange: (event: { target: { value: string } }) => onChange({ [key]: event.target.value }),
  });

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label="Full name" className="sm:col-span-2">
        {(control) => <Input {...control} {...text('fullName')} autoComplete="name" />}
      </Field>
      <Field label="Account type">
        {(control) => (
          <Select
            {...control}
            options={accountTypeOptions}
            value={info.accountType}
            onChange={(event) => onChange({ accountType: event.target.value as AccountInfo['accountType'] })}
          />
        )}
      </Field>
      <Field label="Email">
        {(control) => <Input {...control} {...text('email')} type="email" autoComplete="email" />}
      </Field>
      <Field label="Phone">
        {(control) => <Input {...control} {...text('phone')} type="tel" autoComplete="tel" />}
      </Field>
      <Field label="Street address">
        {(control) => <Input {...control} {...text('address')} autoComplete="street-address" />}
      </Field>
      <Field label="City">
        {(control) => <Input {...control} {...text('city')} autoComplete="address-level2" />}
      </Field>
      <div className="grid grid-cols-2 gap-5">
        <Field label="State">
          {(control) => (
            <Select
              {...control}
              aria-required
              placeholder="Choose"
              options={stateOptions}
              value={info.state}
              onChange={(event) => onChange({ state: event.target.value as AccountInfo['state'] })}
            />
          )}
        </Field>
        <Field label="ZIP">
          {(control) => <Input {...control} {...text('zipCode')} inputMode="numeric" autoComplete="postal-code" />}
        </Field>
      </div>
      <Field label="Password" hint="At least 8 characters.">
        {(control) => <PasswordInput {...control} {...text('password')} autoComplete="new-password" />}
      </Field>
      <Field label="Confirm password">
        {(control) => <PasswordInput {...control} {...text('confirmPassword')} autoComplete="new-password" />}
      </Field>
      <p className="text-xs text-muted-foreground sm:col-span-2">Country: United States (US). All fields are required.</p>
    </div>
  );
}
