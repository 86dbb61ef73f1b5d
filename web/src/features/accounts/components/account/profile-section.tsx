// Profile Information: read-only until Edit Profile; the form checks the shared profile rules
// (seed 001 §5) before PUT /api/user/profile. A new e-mail address (where password resets go) also
// asks for the current password, which the server requires. Edit Profile and the form replace each
// other, so focus follows: to the first field on Edit, back to Edit Profile on Save or Cancel.
// A save that meets an ended session keeps the edits in this tab (lib/kept-profile-edits) while the
// person signs in again; back here, the form opens with them and says why.
import { MESSAGES, profileFormSchema, type ProfileForm } from '@titleledger/api/schemas';
import { Pencil, UserRound } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { PasswordInput } from '@/components/password-input';
import { Select, type SelectOption } from '@/components/select';
import { useFocusOnNextMount } from '@/hooks/use-focus-on-next-mount';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { toast } from '@/hooks/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-error';
import { regionOptions } from '@/lib/region-options';
import { useSession } from '@/lib/session';

import type { Profile } from '../../api/get-profile';
import { useUpdateProfile } from '../../api/update-profile';
import { forgetProfileEdits, keepProfileEdits, keptProfileEdits } from '../../lib/kept-profile-edits';
import { Details, Section } from './section';

type Errors = Partial<Record<keyof ProfileForm | 'currentPassword', string>>;

const FIELDS: ReadonlyArray<{ key: keyof ProfileForm; label: string; autoComplete: string; type?: string; wide?: boolean }> = [
  { key: 'fullName', label: 'Full name', autoComplete: 'name', wide: true },
  { key: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { key: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { key: 'email', label: 'Email', autoComplete: 'email', type: 'email' },
  { key: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
  { key: 'address', label: 'Street address', autoComplete: 'street-address', wide: true },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
  { key: 'zipCode', label: 'ZIP code', autoComplete: 'postal-code' },
  { key: 'country', label: 'Country', autoComplete: 'country' },
];

function toForm(profile: Profile): ProfileForm {
  return {
    fullName: profile.fullName ?? '',
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    email: profile.email ?? '',
    phone: profile.phone ?? '',
    address: profile.address ?? '',
    city: profile.city ?? '',
    state: profile.state ?? '',
    zipCode: profile.zipCode ?? '',
    country: profile.country || 'US',
  };
}

const FIELD_KEYS = FIELDS.map(({ key }) => key);

export function ProfileSection({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const userId = useSession().user?.id ?? null;
  // Edits a save kept when it met an ended session: the form opens with them, once.
  const [restored] = useState(() => (userId === null ? null : keptProfileEdits(sessionStorage, userId, FIELD_KEYS)));
  useEffect(() => {
    if (restored && userId !== null) forgetProfileEdits(sessionStorage, userId);
  }, [restored, userId]);
  const [editing, setEditing] = useState(restored !== null);
  const [form, setForm] = useState<ProfileForm>(() => restored ?? toForm(profile));
  const [errors, setErrors] = useState<Errors>({});
  const [currentPassword, setCurrentPassword] = useState('');
  const currentPasswordInput = useRef<HTMLInputElement>(null);
  const emailChanged = form.email.trim().toLowerCase() !== (profile.email ?? '').trim().toLowerCase();
  const once = useSingleFlight();
  const editButton = useFocusOnNextMount<HTMLButtonElement>();
  const firstField = useFocusOnNextMount<HTMLInputElement>();

  const [showRestored, setShowRestored] = useState(restored !== null);

  const startEditing = () => {
    setShowRestored(false);
    setForm(toForm(profile));
    setCurrentPassword('');
    setErrors({});
    firstField.arm();
    setEditing(true);
  };

  const stopEditing = () => {
    setShowRestored(false);
    editButton.arm();
    setEditing(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void once(save);
  };

  const save = async () => {
    const parsed = profileFormSchema.safeParse(form);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof ProfileForm;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    if (emailChanged && !currentPassword) {
      setErrors({ currentPassword: MESSAGES.emailChangeNeedsPassword });
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(emailChanged ? { ...parsed.data, currentPassword } : parsed.data);
      toast({ title: 'Profile updated', description: 'Your profile information has been saved.', variant: 'success' });
      stopEditing();
    } catch (error) {
      if (errorStatus(error) === 401 && userId !== null) {
        // The session ended (elsewhere, or idle): the sign-in guard is taking the person to sign
        // in, and back here after; the edits wait in this tab meanwhile.
        keepProfileEdits(sessionStorage, userId, form);
        toast({
          title: 'Update failed',
          description: 'Nothing was saved. Sign in again: your changes are kept and come back here.',
          variant: 'destructive',
        });
        return;
      }
      const message = errorMessage(error, 'Profile update failed');
      // 422 on an e-mail change is the server refusing the current password (owner-proof.ts): the
      // field says so, and takes focus for the next try, beside the toast.
      if (emailChanged && errorStatus(error) === 422) {
        setErrors({ currentPassword: message });
        currentPasswordInput.current?.focus();
        currentPasswordInput.current?.select();
      }
      toast({ title: 'Update failed', description: message, variant: 'destructive' });
    }
  };

  // Every US state and territory, plus whatever an older profile already holds.
  const stateOptions: SelectOption[] = regionOptions('US', form.state);

  return (
    <Section
      id="profile"
      title="Profile Information"
      description="Your name and contact details."
      Icon={UserRound}
      action={
        editing ? null : (
          <Button ref={editButton.ref} variant="secondary" size="sm" onClick={startEditing}>
            <Pencil aria-hidden="true" />
            Edit Profile
          </Button>
        )
      }
    >
      {editing ? (
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          {showRestored ? (
            <Alert variant="info" title="Your unsaved changes are back" role="status">
              Your session ended before they were saved, so you signed in again. Check them, then Save Changes.
            </Alert>
          ) : null}
          <div className="grid gap-5 sm:grid-cols-2">
            {FIELDS.map(({ key, label, autoComplete, type, wide }) => (
              <Field key={key} label={label} error={errors[key]} className={wide ? 'sm:col-span-2' : undefined}>
                {(control) =>
                  key === 'state' ? (
                    <Select
                      {...control}
                      options={stateOptions}
                      placeholder="Choose"
                      value={form.state}
                      onChange={(event) => setForm((f) => ({ ...f, state: event.target.value }))}
                    />
                  ) : (
                    <Input
                      {...control}
                      ref={key === 'fullName' ? firstField.ref : undefined}
                      type={type ?? 'text'}
                      autoComplete={autoComplete}
                      value={form[key]}
                      onChange={(event) => setForm((f) => ({ ...f, [key]: event.target.value }))}
                    />
                  )
                }
              </Field>
            ))}
          </div>
          {emailChanged ? (
            <Field label="Current password" error={errors.currentPassword} hint="Needed to change your email address." className="sm:max-w-sm">
              {(control) => (
                <PasswordInput
                  {...control}
                  ref={currentPasswordInput}
                  autoComplete="current-password"
                  value={currentPassword}
                  onChange={(event) => setCurrentPassword(event.target.value)}
                />
              )}
            </Field>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" pending={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
            <Button variant="secondary" onClick={stopEditing} disabled={update.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Details items={FIELDS.map(({ key, label }) => ({ label, value: toForm(profile)[key] }))} />
      )}
    </Section>
  );
}
