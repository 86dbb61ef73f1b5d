// The two inputs and the submit button of /verify (seed 000 "Certificate verification page"). The
// button is disabled while either input is empty, and pending (unavailable, but keeping focus, so a
// keyboard user is where they were when the result is announced) while a check runs; an input of only spaces
// gets past the button and is stopped here with the spec's inline message. The page is rendered at
// build time: until React has taken it over, the inputs are read-only and the button disabled.
import { Search } from 'lucide-react';
import type { FormEvent } from 'react';

import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { Input } from '@/components/input';
import { useHydrated } from '@/hooks/use-hydrated';

const MISSING_INPUT_MESSAGE = 'Both TR Number and Cryptographic Hash are required';

export type VerifyFormProps = {
  trNumber: string;
  hash: string;
  onTrNumberChange: (value: string) => void;
  onHashChange: (value: string) => void;
  onSubmit: () => void;
  loading: boolean;
  missingInput: boolean;
};

export function VerifyForm({ trNumber, hash, onTrNumberChange, onHashChange, onSubmit, loading, missingInput }: VerifyFormProps) {
  const ready = useHydrated();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter in a field still submits while the button is pending: one check at a time.
    if (!loading) onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Verify a certificate">
      <Field label="TR Number">
        {(control) => (
          <Input
            {...control}
            name="tr"
            readOnly={!ready}
            value={trNumber}
            onChange={(event) => onTrNumberChange(event.target.value)}
            placeholder="TR-COPY-2025-XXXXXXXX"
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
          />
        )}
      </Field>
      <Field
        label="Cryptographic Hash (SHA-256)"
        hint="Compared exactly with the registered hash, character for character; only spaces around it are ignored."
      >
        {(control) => (
          <Input
            {...control}
            name="hash"
            readOnly={!ready}
            value={hash}
            onChange={(event) => onHashChange(event.target.value)}
            placeholder="64 hexadecimal characters"
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
          />
        )}
      </Field>
      {missingInput ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {MISSING_INPUT_MESSAGE}
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        pending={loading}
        disabled={!ready || trNumber === '' || hash === ''}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        <Search aria-hidden="true" />
        {loading ? 'Verifying...' : 'Verify Certificate'}
      </Button>
    </form>
  );
}
