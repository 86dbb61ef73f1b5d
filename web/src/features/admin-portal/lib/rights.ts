// What the portal shows a role (seed 001 §6): admin1 reads, admin2 also edits, admin3 also deletes
// and opens the Forever Database, the master admin also restores. Only what to show: the server
// refuses the rest whatever the page shows.
import { roleAtLeast, type StaffRole } from '@titleledger/api/schemas';

export interface PortalRights {
  readonly edit: boolean;
  readonly delete: boolean;
  readonly foreverDatabase: boolean;
  readonly restore: boolean;
}

export function portalRights(role: StaffRole): PortalRights {
  return {
    edit: roleAtLeast(role, 'admin2'),
    delete: roleAtLeast(role, 'admin3'),
    foreverDatabase: roleAtLeast(role, 'admin3'),
    restore: role === 'master_admin',
  };
}
