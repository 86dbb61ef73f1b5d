// The live registration search (a WAI-ARIA combobox). Suggestions show while the box has focus
// and holds more than 1 character, and hide shortly after focus leaves. Arrow keys move through
// them, Enter opens the highlighted one (its public record, /titles/{tr}) or submits the term
// (`/home?search=term`: the home page with the search, which signed-in visitors reach too; `/`
// sends them to the dashboard), Escape closes the list. Blank text submits nothing. On a page
// rendered at build time the box is read-only until React has taken the page over.
import { isolate } from '@titleledger/api/schemas/isolate';
import { LoaderCircle, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';

import { UserText } from '@/components/user-text';
import { useHydrated } from '@/hooks/use-hydrated';
import { errorMessage, errorStatus } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { paths, titleRecordPath } from '@/lib/paths';

import { isSearchable, searchRefusal, useSearchRegistrations, type SearchResult } from '../api/search-registrations';

import { StatusBadge } from './status-badge';

const BLUR_HIDE_MS = 150;
const TYPING_PAUSE_MS = 150;

export type SearchBoxProps = {
  /** 'header': compact, 5 suggestions; 'page': large, 8 suggestions with date and status. */
  variant: 'header' | 'page';
  initialTerm?: string;
  autoFocus?: boolean;
  className?: string;
};

function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function recordPathFor(result: SearchResult): string {
  return titleRecordPath(result.tr_number);
}

export function SearchBox({ variant, initialTerm = '', autoFocus = false, className }: SearchBoxProps) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [term, setTerm] = useState(initialTerm);
  const ready = useHydrated();
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => setTerm(initialTerm), [initialTerm]);
  useEffect(() => () => { if (blurTimer.current) clearTimeout(blurTimer.current); }, []);

  const settled = useSettled(term, TYPING_PAUSE_MS);
  const query = useSearchRegistrations(settled);
  const limit = variant === 'header' ? 5 : 8;
  const results = (query.data ?? []).slice(0, limit);
  const refusal = searchRefusal(term);
  const open = focused && !dismissed && (isSearchable(term) || refusal !== null);
  const waiting = isSearchable(term) && (settled.trim() !== term.trim() || query.isFetching) && !query.data;

  useEffect(() => setActive(-1), [settled]);

  const choose = (result: SearchResult) => {
    setFocused(false);
    inputRef.current?.blur();
    void navigate(recordPathFor(result));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = term.trim();
    if (!value) return;
    const chosen = open && active >= 0 ? results[active] : undefined;
    if (chosen) return choose(chosen);
    setDismissed(true);
    void navigate(`${paths.home}?search=${encodeURIComponent(value)}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setDismissed(true);
        setActive(-1);
      }
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setDismissed(false);
    if (results.length === 0) return;
    const step = event.key === 'ArrowDown' ? 1 : -1;
    // Positions are -1 (the text itself) and 0..n-1; the arrows wrap around through the text.
    setActive((current) => {
      const next = current + step;
      if (next >= results.length) return -1;
      if (next < -1) return results.length - 1;
      return next;
    });
  };

  // Arrow keys cycle through the suggestions and back to the text (-1).
  const activeIndex = active >= results.length ? -1 : active;
  const activeId = open && activeIndex >= 0 ? `${id}-option-${activeIndex}` : undefined;
  const large = variant === 'page';

  return (
    // Two search landmarks can be on one page (the header's, the home page's): each has its own name.
    <form role="search" onSubmit={onSubmit} className={cn('relative', className)} aria-label={large ? 'Search registrations' : 'Site search'}>
      <label htmlFor={`${id}-input`} className="sr-only">
        Search registrations by title, TR number, registrant or material type
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className={cn('pointer-events-none absolute top-1/2 -translate-y-1/2 text-muted-foreground', large ? 'left-4 size-5' : 'left-3 size-4')}
        />
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="search"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          autoFocus={autoFocus}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          placeholder={large ? 'Search by title, TR number, registrant or type…' : 'Search registrations…'}
          value={term}
          readOnly={!ready}
          maxLength={200}
          onChange={(event) => {
            setTerm(event.target.value);
            setDismissed(false);
          }}
          onFocus={() => {
            if (blurTimer.current) clearTimeout(blurTimer.current);
            setFocused(true);
            setDismissed(false);
          }}
          onBlur={() => {
            blurTimer.current = setTimeout(() => setFocused(false), BLUR_HIDE_MS);
          }}
          onKeyDown={onKeyDown}
          className={cn(
            'w-full min-w-0 rounded-md border border-border-strong bg-surface text-foreground shadow-xs placeholder:text-muted-foreground',
            'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
            '[&::-webkit-search-cancel-button]:hidden',
            large ? 'h-14 pl-12 pr-28 text-base' : 'h-9 pl-9 pr-3 text-sm',
          )}
        />
        {large ? (
          <button
            type="submit"
            className="absolute right-2 top-1/2 h-10 -translate-y-1/2 rounded-md bg-accent px-4 text-sm font-medium text-accent-foreground hover:bg-accent-hover"
          >
            Search
          </button>
        ) : null}
      </div>

      <div
        className={cn(
          'absolute left-0 right-0 top-full z-50 mt-2 overflow-hidden rounded-lg border border-border bg-surface shadow-lg',
          !open && 'hidden',
          !large && 'min-w-72',
        )}
      >
        <ul id={listId} role="listbox" aria-label="Matching registrations" className={cn('overflow-y-auto', large ? 'max-h-96' : 'max-h-80')}>
          {results.map((result, index) => (
            <li
              key={result.tr_number}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              // mousedown, not click: it fires before the input's blur hides the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(result);
              }}
              onMouseEnter={() => setActive(index)}
              className={cn(
                'cursor-pointer border-b border-border px-4 py-3 last:border-b-0',
                index === activeIndex ? 'bg-accent-soft' : 'hover:bg-subtle',
              )}
            >
              <div className="flex items-start justify-between gap-3">
                <UserText className="min-w-0 font-medium text-foreground wrap-anywhere">{result.title}</UserText>
                {large ? <StatusBadge status={result.status} /> : null}
              </div>
              <div className="mt-1 font-mono text-xs text-muted-foreground wrap-anywhere">{result.tr_number}</div>
              <div className="mt-1 text-xs text-muted-foreground wrap-anywhere">
                {result.registrant_name} · {result.material_type}
                {large && result.registration_date
                  ? ` · ${new Date(result.registration_date).toLocaleDateString('en-US', { dateStyle: 'medium' })}`
                  : ''}
              </div>
            </li>
          ))}
        </ul>
        {open && results.length === 0 ? (
          <p role="status" className="px-4 py-3 text-sm text-muted-foreground">
            {refusal ? (
              refusal
            ) : waiting ? (
              <span className="inline-flex items-center gap-2">
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Searching…
              </span>
            ) : query.isError && errorStatus(query.error) === 400 ? (
              // The server refused the term itself (its own rule, should the page's differ): say why.
              errorMessage(query.error, `No registrations found for "${isolate(term.trim())}"`)
            ) : query.isError ? (
              'Search is unavailable right now. Try again in a moment.'
            ) : (
              <>
                No registrations found for &quot;<UserText>{term.trim()}</UserText>&quot;
              </>
            )}
          </p>
        ) : null}
      </div>
    </form>
  );
}
