// Role Info: what each role may do (seed 001 §6), from the one table the server's checks follow.
import { ROLE_DESCRIPTIONS, STAFF_ROLES } from '@titleledger/api/schemas';

import { Card, CardContent } from '@/components/card';

export function RoleInfoTab() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {STAFF_ROLES.map((role) => (
        <Card key={role}>
          <CardContent className="grid gap-3">
            <h2 className="text-base font-semibold tracking-tight">{ROLE_DESCRIPTIONS[role].title}</h2>
            <code className="w-fit rounded bg-subtle px-1.5 py-0.5 font-mono text-xs">{role}</code>
            <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
              {ROLE_DESCRIPTIONS[role].rights.map((right) => (
                <li key={right}>{right}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
