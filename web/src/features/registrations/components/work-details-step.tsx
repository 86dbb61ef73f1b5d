// Step 1, Work Details (seed 001 §2.2, §3.1): Title Information, Author Information and CREATION.
// Conditional fields appear only with the box that asks for them.
import { AI_MATERIAL_TYPES, INTENDED_MEDIUMS, MATERIAL_TYPES } from '@titleledger/api/schemas';
import type { ReactNode } from 'react';

import type { SelectOption } from '@/components/select';

import { CheckboxField, SelectField, TextAreaField, TextInputField, type FormBinding } from './form-fields';

const asOptions = (values: readonly string[]): SelectOption[] => values.map((value) => ({ value, label: value }));

// The regular types first, then the AI-generated ones; each AI entry names itself ("AI-Book").
const materialTypeOptions = asOptions([...MATERIAL_TYPES, ...AI_MATERIAL_TYPES]);
const intendedMediumOptions = asOptions(INTENDED_MEDIUMS);

export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-5 rounded-xl border border-border bg-surface p-5 shadow-sm sm:p-6">
      <legend className="sr-only">{title}</legend>
      <div className="grid gap-1" aria-hidden="true">
        <p className="text-base font-semibold tracking-tight">{title}</p>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </fieldset>
  );
}

const grid = 'grid gap-5 sm:grid-cols-2';

export function WorkDetailsStep({ binding }: { binding: FormBinding }) {
  const { form } = binding;
  return (
    <div className="grid gap-6">
      <FormSection title="Title Information" description="What the work is called and what kind of work it is.">
        <div className={grid}>
          <TextInputField binding={binding} field="title" label="Title of work" required className="sm:col-span-2" />
          <TextInputField
            binding={binding}
            field="alternativeTitles"
            label="Alternative titles"
            hint="Previous or other titles, separated by commas."
            className="sm:col-span-2"
          />
          <SelectField
            binding={binding}
            field="materialType"
            label="Material type"
            required
            options={materialTypeOptions}
            placeholder="Select a material type"
          />
          <SelectField
            binding={binding}
            field="intendedMedium"
            label="Intended medium"
            required
            options={intendedMediumOptions}
            placeholder="Select an intended medium"
          />
          <TextAreaField
            binding={binding}
            field="description"
            label="Description"
            hint="A short summary of the work (optional)."
            className="sm:col-span-2"
          />
        </div>
        <CheckboxField
          binding={binding}
          field="publicationAsContribution"
          label="Published as a contribution to a collective work"
          hint="A periodical, serial or collection."
        />
        {form.publicationAsContribution ? (
          <div className={grid}>
            <TextInputField
              binding={binding}
              field="collectiveWorkTitle"
              label="Title of collective work"
              className="sm:col-span-2"
            />
            <TextInputField binding={binding} field="volumeNumber" label="Volume number" />
            <TextInputField binding={binding} field="issueNumber" label="Issue number" />
            <TextInputField binding={binding} field="issueDate" label="Issue date" placeholder="MM/DD/YYYY" inputMode="numeric" />
            <TextInputField binding={binding} field="pageNumbers" label="Page numbers" />
          </div>
        ) : null}
      </FormSection>

      <FormSection title="Author Information" description="Who created the work.">
        <div className={grid}>
          <TextInputField binding={binding} field="firstName" label="First name" autoComplete="given-name" />
          <TextInputField binding={binding} field="lastName" label="Last name" autoComplete="family-name" />
          <TextInputField binding={binding} field="authorYearBorn" label="Year born" inputMode="numeric" placeholder="YYYY" />
          <TextInputField binding={binding} field="authorYearDied" label="Year died" inputMode="numeric" placeholder="YYYY" />
          <TextInputField binding={binding} field="authorNationality" label="Citizenship / nationality" />
          <TextInputField binding={binding} field="authorDomicile" label="Domicile" />
          <TextInputField
            binding={binding}
            field="natureOfAuthorship"
            label="Nature of authorship"
            hint="For example: entire text, lyrics, illustrations."
            className="sm:col-span-2"
          />
        </div>
        <div className="grid gap-4">
          <CheckboxField binding={binding} field="workMadeForHire" label="This work was made for hire" />
          {form.workMadeForHire ? (
            <TextInputField binding={binding} field="employerName" label="Employer name" className="sm:max-w-md" />
          ) : null}
          <CheckboxField binding={binding} field="anonymousWork" label="Anonymous work" />
          <CheckboxField binding={binding} field="pseudonymousWork" label="Pseudonymous work" />
          {form.pseudonymousWork ? (
            <TextInputField binding={binding} field="pseudonym" label="Pseudonym" className="sm:max-w-md" />
          ) : null}
        </div>
      </FormSection>

      <FormSection title="CREATION" description="When the work was made and whether it has been published.">
        <div className={grid}>
          <TextInputField binding={binding} field="yearOfCreation" label="Year of creation" inputMode="numeric" placeholder="YYYY" />
        </div>
        <CheckboxField binding={binding} field="workPublished" label="Broadcast Registration Record" hint="The work has been published." />
        {form.workPublished ? (
          <div className={grid}>
            <TextInputField binding={binding} field="dateOfPublication" label="Date of publication" type="date" />
            <TextInputField binding={binding} field="nationOfPublication" label="Nation of publication" />
          </div>
        ) : null}
      </FormSection>
    </div>
  );
}
