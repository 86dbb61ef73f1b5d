// Users (seed 001 §2.8): creator accounts searched by e-mail or name, paged by the server, each with
// View Details and the actions the role has.
import { useState } from 'react';

import { Card } from '@/components/card';
import { Loading, LoadFailed } from '@/components/query-states';
import { UserText } from '@/components/user-text';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

import { useUsers } from '../api/get-users';
import { formatDate } from '../lib/format';
import type { PortalRights } from '../lib/rights';
import { Pager } from './pager';
import { SearchField } from './search-field';
import { UserActions, userName } from './user-actions';

export function UsersTab({ rights }: { rights: PortalRights }) {
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(term);
  const list = useUsers(q, page);

  const [asked, setAsked] = useState(q);
  if (asked !== q) {
    setAsked(q);
    setPage(1);
  }

  return (
    <section aria-label="Users" className="grid gap-4">
      <SearchField label="Search users" placeholder="E-mail or name" value={term} onChange={setTerm} />
      <Card>
        <div>
          {list.isPending ? (
            <Loading>Loading users...</Loading>
          ) : list.isError ? (
            <div className="p-4 sm:p-6">
              <LoadFailed title="Could not load users" error={list.error} onRetry={() => void list.refetch()} />
            </div>
          ) : list.data.users.length === 0 ? (
            <p role="status" className="px-6 py-10 text-center text-sm text-muted-foreground">{q ? 'No users match.' : 'No users yet.'}</p>
          ) : (
            <>
              <ul aria-label="Users list" aria-busy={list.isFetching} className="divide-y divide-border">
                {list.data.users.map((user) => (
                  <li key={user.id} aria-label={user.email} className="grid gap-3 px-4 py-4 sm:grid-cols-[1fr_auto] sm:items-center sm:px-6">
                    <div className="grid min-w-0 gap-1">
                      <UserText as="p" className="wrap-anywhere font-medium text-foreground">{userName(user)}</UserText>
                      <p className="wrap-anywhere text-sm text-muted-foreground">{user.email}</p>
                      <p className="text-xs text-muted-foreground">
                        Member since {formatDate(user.createdAt)} · {user.registrationCount.toLocaleString()} registration
                        {user.registrationCount === 1 ? '' : 's'}
                      </p>
                    </div>
                    <UserActions user={user} rights={rights} />
                  </li>
                ))}
              </ul>
              <Pager label="Users" info={list.data} onPage={setPage} />
            </>
          )}
        </div>
      </Card>
    </section>
  );
}
