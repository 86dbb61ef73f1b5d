// One registration in an admin list (seed 001 §2.8): title, TR number, material type, owner e-mail,
// date, status, and the actions the role has. A corrected title shows the registered one beside it.
import type { AdminRegistration } from '@titleledger/api/schemas';

import { UserText } from '@/components/user-text';
import type { PortalRights } from '../lib/rights';
import { formatDate } from '../lib/format';
import { RegistrationActions } from './registration-actions';
import { RegistrationStatusBadge } from './registration-status-badge';

export function RegistrationRow({ registration, rights, showOwner = true }: { registration: AdminRegistration; rights: PortalRights; showOwner?: boolean }) {
  return (
    <li aria-label={registration.trNumber} className="grid gap-3 px-4 py-4 sm:grid-cols-[1fr_auto] sm:items-center sm:px-6">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <UserText className="wrap-anywhere font-medium text-foreground">{registration.title}</UserText>
          <RegistrationStatusBadge status={registration.status} />
        </p>
        {registration.registeredTitle ? (
          <p className="text-xs text-muted-foreground">
            Corrected; registered as &ldquo;<UserText className="wrap-anywhere">{registration.registeredTitle}</UserText>&rdquo;
          </p>
        ) : null}
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span className="font-mono text-xs leading-5 text-foreground">{registration.trNumber}</span>
          <span>{registration.materialType}</span>
          <span>{formatDate(registration.createdAt)}</span>
        </p>
        {showOwner ? <p className="wrap-anywhere text-sm text-muted-foreground">{registration.ownerEmail ?? 'Owner account deleted'}</p> : null}
      </div>
      <RegistrationActions registration={registration} rights={rights} />
    </li>
  );
}
