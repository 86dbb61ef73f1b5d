// The search box above a list: labelled, with the search icon, and a search landmark.
import { Search } from 'lucide-react';
import type { Ref } from 'react';

import { Input } from '@/components/input';

export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  ref,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <search className="relative w-full sm:max-w-sm">
      <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input ref={ref} type="search" aria-label={label} placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} className="pl-9" />
    </search>
  );
}
