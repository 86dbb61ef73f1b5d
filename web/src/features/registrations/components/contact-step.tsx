// Step 2, Contact Information (seed 001 §2.2): filled from the profile on arrival, all required.
import { FormSection } from './work-details-step';
import { TextInputField, type FormBinding } from './form-fields';

export function ContactStep({ binding, loadingProfile }: { binding: FormBinding; loadingProfile: boolean }) {
  return (
    <FormSection
      title="Contact Information"
      description={
        loadingProfile
          ? 'Filling in your details from your profile...'
          : 'Where we can reach you about this registration. Filled in from your profile; change anything that differs.'
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInputField binding={binding} field="firstName" label="First name" required autoComplete="given-name" />
        <TextInputField binding={binding} field="lastName" label="Last name" required autoComplete="family-name" />
        <TextInputField binding={binding} field="email" label="Email" type="email" required autoComplete="email" />
        <TextInputField binding={binding} field="phone" label="Phone" type="tel" required autoComplete="tel" />
        <TextInputField
          binding={binding}
          field="address"
          label="Address"
          required
          autoComplete="street-address"
          hint="Street, city, state and ZIP."
          className="sm:col-span-2"
        />
      </div>
    </FormSection>
  );
}
