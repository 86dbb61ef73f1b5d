// The support feature's own table: which requests the support team was told about
// (team-alerts.ts). Operational state outside the log, like the notification e-mails' claims: a row
// is claimed once across every API process, so the team hears of a request once.
import type { Migration } from '../db/migrate.js';

export const supportMigrations: readonly Migration[] = [
  {
    id: 'api/support/001-team-alerts',
    sql: `
      CREATE TABLE support_team_alerts (
        request_id text PRIMARY KEY,
        claimed_at timestamptz NOT NULL
      );
    `,
  },
  {
    // When the e-mail went out: a claim never marked sent (its process stopped during the send) is
    // taken again after a while, so no request goes unannounced.
    id: 'api/support/002-team-alerts-sent',
    sql: `
      ALTER TABLE support_team_alerts ADD COLUMN sent_at timestamptz;
      UPDATE support_team_alerts SET sent_at = claimed_at;
    `,
  },
];
