// The large search on the home page: 8 suggestions with date and status. A `?search=` term in the
// address is put into the box on load (and focused, so its suggestions show).
import { useSearchParams } from 'react-router-dom';

import { SearchBox } from './search-box';

export function PageSearch({ className }: { className?: string }) {
  const [params] = useSearchParams();
  const initial = params.get('search') ?? '';
  return <SearchBox variant="page" initialTerm={initial} autoFocus={initial.trim() !== ''} {...(className ? { className } : {})} />;
}
