// Reads for the account screens, from the `users` read model (owned by projections) and, when the
// registrations feature has built it, the `registrations` read model.
import type { User } from '../schemas/session.js';
import { normaliseEmail } from './crypto.js';
import type { Queryable } from './user-keys.js';

interface UserRow {
  id: string;
  email: string;
  username: string | null;
  full_name: string;
  first_name: string;
  last_name: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  account_type: User['accountType'];
  created_at: Date;
  password_changed_at: Date | null;
  two_factor_enabled: boolean;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  email_notifications: boolean;
  sms_notifications: boolean;
  security_alerts: boolean;
  registration_updates: boolean;
  payment_updates: boolean;
  marketing_emails: boolean;
}

/**
 * Whether the side menu shows this account the Admin Portal link (seed 000 §2: only the designated
 * addresses, ADMIN_MENU_EMAILS, already normalised by the config). Decided here rather than in the
 * browser so the addresses are never shipped to it. It grants nothing: the link leads to /admin, whose
 * staff sign-in the server enforces on every admin call, whoever follows it.
 */
function showsAdminMenu(email: string, adminMenuEmails: readonly string[]): boolean {
  return adminMenuEmails.includes(normaliseEmail(email));
}

function toUser(row: UserRow, adminMenuEmails: readonly string[]): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    fullName: row.full_name,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    country: row.country,
    accountType: row.account_type,
    createdAt: row.created_at.toISOString(),
    passwordChangedAt: row.password_changed_at?.toISOString() ?? null,
    twoFactorEnabled: row.two_factor_enabled,
    cardBrand: row.card_brand,
    cardLast4: row.card_last4,
    cardExpMonth: row.card_exp_month,
    cardExpYear: row.card_exp_year,
    emailNotifications: row.email_notifications,
    smsNotifications: row.sms_notifications,
    securityAlerts: row.security_alerts,
    registrationUpdates: row.registration_updates,
    paymentUpdates: row.payment_updates,
    marketingEmails: row.marketing_emails,
    isAdmin: showsAdminMenu(row.email, adminMenuEmails),
  };
}

export async function findUser(db: Queryable, userId: string, adminMenuEmails: readonly string[]): Promise<User | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [userId]);
  return rows[0] ? toUser(rows[0], adminMenuEmails) : null;
}

