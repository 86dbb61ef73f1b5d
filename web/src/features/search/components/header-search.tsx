// The compact search in the public top bar: 5 suggestions.
import { SearchBox } from './search-box';

export function HeaderSearch({ className }: { className?: string }) {
  return <SearchBox variant="header" {...(className ? { className } : {})} />;
}
