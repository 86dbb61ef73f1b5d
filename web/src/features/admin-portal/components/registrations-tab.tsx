// Registrations (seed 001 §2.8): active registrations searched by title, TR number or owner e-mail,
// paged by the server; a banner names the material-type filter chosen in Analytics, with Clear Filter,
// which hands focus to the search box as the banner goes (it fell back to the page's heading).
import { Filter } from 'lucide-react';
import { useRef, useState, type Ref } from 'react';

import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Loading, LoadFailed } from '@/components/query-states';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

import { useRegistrations } from '../api/get-registrations';
import type { PortalRights } from '../lib/rights';
import { Pager } from './pager';
import { RegistrationRow } from './registration-row';
import { SearchField } from './search-field';

export function RegistrationsTab({
  rights,
  materialType,
  filterRef,
  onClearMaterialType,
}: {
  rights: PortalRights;
  materialType: string;
  /** The filter's banner: the portal focuses it when Analytics sent the admin here. */
  filterRef?: Ref<HTMLDivElement>;
  onClearMaterialType: () => void;
}) {
  const search = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(term);
  const list = useRegistrations(q, materialType, page);

  // A new search or filter starts from the first page.
  const [asked, setAsked] = useState({ q, materialType });
  if (asked.q !== q || asked.materialType !== materialType) {
    setAsked({ q, materialType });
    setPage(1);
  }

  return (
    <section aria-label="Registrations" className="grid gap-4">
      <SearchField ref={search} label="Search registrations" placeholder="Title, TR number or owner e-mail" value={term} onChange={setTerm} />
      {materialType ? (
        <div ref={filterRef} role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-accent/25 bg-accent-soft px-4 py-3 text-sm">
          <p className="flex items-center gap-2">
            <Filter aria-hidden="true" className="size-4 text-accent-text" />
            <span>
              Material type: <span className="font-medium">{materialType}</span>
            </span>
          </p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              search.current?.focus();
              onClearMaterialType();
            }}
          >
            Clear Filter
          </Button>
        </div>
      ) : null}
      <Card>
        <div>
          {list.isPending ? (
            <Loading>Loading registrations...</Loading>
          ) : list.isError ? (
            <div className="p-4 sm:p-6">
              <LoadFailed title="Could not load registrations" error={list.error} onRetry={() => void list.refetch()} />
            </div>
          ) : list.data.registrations.length === 0 ? (
            <p role="status" className="px-6 py-10 text-center text-sm text-muted-foreground">
              {q || materialType ? 'No registrations match.' : 'No registrations yet.'}
            </p>
          ) : (
            <>
              <ul aria-label="Registrations list" aria-busy={list.isFetching} className="divide-y divide-border">
                {list.data.registrations.map((registration) => (
                  <RegistrationRow key={registration.id} registration={registration} rights={rights} />
                ))}
              </ul>
              <Pager label="Registrations" info={list.data} onPage={setPage} />
            </>
          )}
        </div>
      </Card>
    </section>
  );
}
