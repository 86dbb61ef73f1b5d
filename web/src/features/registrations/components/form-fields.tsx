// The wizard's fields bound to its form: a text input, a long text, a choice list and a checkbox,
// each labelled, each showing its message under it.
import { useId, type ComponentProps } from 'react';

import { Checkbox } from '@/components/checkbox';
import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { Label } from '@/components/label';
import { Select, type SelectOption } from '@/components/select';
import { Textarea } from '@/components/textarea';

import type { FlagField, RegistrationForm, TextField } from '../lib/registration-form';

export type FormBinding = {
  form: RegistrationForm;
  setText: (field: TextField, value: string) => void;
  setFlag: (field: FlagField, value: boolean) => void;
  errorOf: (field: TextField) => string | undefined;
};

type TextProps = {
  binding: FormBinding;
  field: TextField;
  label: string;
  required?: boolean;
  hint?: string;
  className?: string;
} & Pick<ComponentProps<'input'>, 'type' | 'autoComplete' | 'inputMode' | 'placeholder'>;

function labelText(label: string, required: boolean | undefined) {
  return required ? (
    <>
      {label} <span aria-hidden="true" className="text-danger">*</span>
    </>
  ) : (
    label
  );
}

export function TextInputField({ binding, field, label, required, hint, className, ...inputProps }: TextProps) {
  return (
    <Field label={labelText(label, required)} error={binding.errorOf(field)} hint={hint} className={className}>
      {(control) => (
        <Input
          {...control}
          {...inputProps}
          name={field}
          required={required}
          value={binding.form[field]}
          onChange={(event) => binding.setText(field, event.target.value)}
        />
      )}
    </Field>
  );
}

export function TextAreaField({ binding, field, label, hint, className }: Omit<TextProps, 'type'>) {
  return (
    <Field label={label} error={binding.errorOf(field)} hint={hint} className={className}>
      {(control) => (
        <Textarea
          {...control}
          name={field}
          rows={4}
          value={binding.form[field]}
          onChange={(event) => binding.setText(field, event.target.value)}
        />
      )}
    </Field>
  );
}

export function SelectField({
  binding,
  field,
  label,
  required,
  options,
  placeholder,
  className,
}: Omit<TextProps, 'type'> & { options: readonly SelectOption[]; placeholder: string }) {
  return (
    <Field label={labelText(label, required)} error={binding.errorOf(field)} className={className}>
      {(control) => (
        <Select
          {...control}
          name={field}
          required={required}
          options={options}
          placeholder={placeholder}
          value={binding.form[field]}
          onChange={(event) => binding.setText(field, event.target.value)}
        />
      )}
    </Field>
  );
}

export function CheckboxField({
  binding,
  field,
  label,
  hint,
}: {
  binding: FormBinding;
  field: FlagField;
  label: string;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        name={field}
        className="mt-0.5"
        checked={binding.form[field]}
        onCheckedChange={(checked) => binding.setFlag(field, checked === true)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div className="grid gap-1">
        <Label htmlFor={id} className="leading-5">
          {label}
        </Label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
