// Every API route the fuzz suite drives, with what it takes: path params, a query, a JSON body (the
// shared schema and a valid example), a multipart submission or a form. Requests are generated as
// plain data (method, url, headers, body), so a failing case prints exactly what was sent.
import fc from 'fast-check';
import type { z } from 'zod';
import {
  createIntentSchema,
  deleteAccountRequestSchema,
  forgotPasswordRequestSchema,
  localPaymentMethodRequestSchema,
  loginRequestSchema,
  notificationPreferencesSchema,
  notificationToggleRequestSchema,
  passwordChangeRequestSchema,
  profileUpdateRequestSchema,
  registerEnhancedRequestSchema,
  registerRequestSchema,
  registrationSubmissionSchema,
  resetLinkCheckRequestSchema,
  resetPasswordRequestSchema,
  acceptInvitationRequestSchema,
  invitationCheckRequestSchema,
  staffResetLinkCheckRequestSchema,
  staffInviteRequestSchema,
  staffLoginRequestSchema,
  staffPasswordResetRequestSchema,
  staffRoleChangeRequestSchema,
  supportRequestSchema,
  contactRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorVerifyRequestSchema,
} from '@titleledger/api/schemas';
import { staffAccessTable } from '../../api/src/staff/access-table.js';
import { cardDetails, registrationFields, registrationIntent, signUpDetails, type HttpRequest } from '../support/flows.js';
import { anyText, fromSchema, hostileString, hostileValue, jsonBody, mutated } from './arbitraries.js';

export interface FuzzContext {
  /** A signed-in fuzz user's token (never logged out, never deleted: its password is not used). */
  readonly token: string;
  /** A checkout session of that user that is open (not paid). */
  readonly openSession: string;
}

export interface FuzzRoute {
  readonly name: string;
  request(context: FuzzContext): fc.Arbitrary<HttpRequest>;
}

/** A path segment: a plausible value, a hostile one, or raw escapes (%00, ../), URL-encoded when it can be. */
const segment = (plausible: string[]) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...plausible).map(encodeURIComponent) },
    {
      weight: 4,
      arbitrary: hostileString.map((s) => {
        try {
          return encodeURIComponent(s);
        } catch {
          return '%ED%A0%80'; // an unpaired surrogate, as UTF-8 bytes no decoder accepts
        }
      }),
    },
    { weight: 1, arbitrary: fc.constantFrom('%00', 'a%00b', '..%2F..%2Fetc', '%E2%80%AE', '%ff%fe', '%', '%zz', 'A'.repeat(65), 'A'.repeat(5000)) },
  );

/** Bearer token: the fuzz user's, none, or garbage. */
const token = (context: FuzzContext) =>
  fc.oneof({ weight: 6, arbitrary: fc.constant(context.token) }, { weight: 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: hostileString.filter((s) => /^[\x21-\x7e]+$/.test(s)) });

const json = (method: HttpRequest['method'], url: string, schema: z.ZodType | null, valid: () => Record<string, unknown>, auth: 'user' | 'none') =>
  ({
    name: `${method} ${url}`,
    request: (context: FuzzContext) =>
      fc.record({ body: jsonBody(schema, valid()), token: auth === 'user' ? token(context) : fc.constant(undefined) }).map(({ body, token }) => ({
        method,
        url,
        ...(token ? { token } : {}),
        headers: { 'content-type': 'application/json' },
        body,
      })),
  }) satisfies FuzzRoute;

const get = (name: string, url: (context: FuzzContext) => fc.Arbitrary<string>, auth: 'user' | 'none') =>
  ({
    name,
    request: (context: FuzzContext) =>
      fc.record({ url: url(context), token: auth === 'user' ? token(context) : fc.constant(undefined) }).map(({ url, token }) => ({
        method: 'GET' as const,
        url,
        ...(token ? { token } : {}),
      })),
  }) satisfies FuzzRoute;

const TR = ['TR-COPY-2026-AAAAAAAA', 'tr-copy-2026-aaaaaaaa', 'TR-COPY-1999-00000000'];
const trRoute = (prefix: string, auth: 'user' | 'none') => get(`GET ${prefix}:tr`, () => segment(TR).map((s) => `${prefix}${s}`), auth);

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

/** A multipart/form-data body, well-formed or broken the ways the issue found (and a few more). */
function multipartRequest(context: FuzzContext): fc.Arbitrary<HttpRequest> {
  const fields = fc.oneof(
    { weight: 3, arbitrary: mutated(registrationFields(context.openSession) as Record<string, unknown>) },
    { weight: 1, arbitrary: fromSchema(registrationSubmissionSchema as unknown as z.ZodType) as fc.Arbitrary<Record<string, unknown>> },
  );
  const file = fc.option(
    fc.record({
      name: fc.oneof(fc.constantFrom('work.txt', '../../etc/passwd', 'a\u0000.pdf', 'x'.repeat(600), 'évian.PNG', 'CON', '"quoted".txt'), anyText(30)),
      content: fc.oneof(fc.uint8Array({ maxLength: 3000 }).map((b) => Buffer.from(b)), anyText(500).map((t) => Buffer.from(t, 'utf8')), fc.constant(Buffer.from('%PDF-1.7\n'))),
      type: fc.constantFrom('text/plain', 'application/pdf', 'application/octet-stream', 'image/png', '../../x', ''),
    }),
    { freq: 4 },
  );
  const breakage = fc.constantFrom('none', 'none', 'none', 'no-boundary', 'truncated', 'mismatched', 'garbage', 'long-boundary', 'no-closing', 'empty');
  return fc.record({ fields, file, breakage, cut: fc.nat(), token: token(context) }).map(({ fields, file, breakage, cut, token }) => {
    const boundary = breakage === 'long-boundary' ? 'b'.repeat(300) : `fuzz${cut % 997}`;
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${asText(value)}\r\n`));
    }
    if (file) {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
        file.content,
        Buffer.from('\r\n'),
      );
    }
    if (breakage !== 'no-closing') parts.push(Buffer.from(`--${boundary}--\r\n`));
    let body = Buffer.concat(parts);
    if (breakage === 'truncated') body = body.subarray(0, cut % Math.max(1, body.length));
    if (breakage === 'garbage') body = Buffer.from('this is not multipart at all \u0000\r\n--');
    if (breakage === 'empty') body = Buffer.alloc(0);
    const contentType =
      breakage === 'no-boundary'
        ? 'multipart/form-data'
        : breakage === 'mismatched'
          ? `multipart/form-data; boundary=other${boundary}`
          : `multipart/form-data; boundary=${boundary}`;
    return { method: 'POST' as const, url: '/api/copyright/submit-registration', ...(token ? { token } : {}), headers: { 'content-type': contentType }, body };
  });
}

const schema = (s: unknown) => s as z.ZodType;

export const fuzzRoutes: readonly FuzzRoute[] = [
  get('GET /api/health', () => fc.constant('/api/health'), 'none'),
  get('GET /api/search', () => fc.oneof(hostileString.map((q) => `/api/search?q=${(() => { try { return encodeURIComponent(q); } catch { return '%ED%A0%80'; } })()}`), fc.constantFrom('/api/search', '/api/search?q=', '/api/search?q=a%00b', '/api/search?q=ab&q=cd', '/api/search?q[]=x', '/api/search?q=%ff')), 'none'),
  get('GET /api/stats/public', () => fc.constant('/api/stats/public'), 'none'),
  json('POST', '/api/support/submit', schema(supportRequestSchema), () => ({ fullName: 'Ada Lovelace', email: 'ada@example.com', subject: 'A question', issueType: 'other', priority: 'normal', message: 'A message that is long enough to send.' }), 'none'),
  json('POST', '/api/contact', schema(contactRequestSchema), () => ({ fullName: 'Al', email: 'al@example.com', subject: 'Hi', message: 'Quick question?' }), 'none'),
  json('POST', '/api/auth/register', schema(registerRequestSchema), () => signUpDetails(), 'none'),
  json('POST', '/api/auth/register-enhanced', schema(registerEnhancedRequestSchema), () => signUpDetails({ paymentMethodId: 'pm_local_unknown' }), 'none'),
  json('POST', '/api/auth/login', schema(loginRequestSchema), () => ({ email: 'nobody@example.com', password: 'not the password' }), 'none'),
  json('POST', '/api/auth/forgot-password', schema(forgotPasswordRequestSchema), () => ({ email: 'nobody@example.com' }), 'none'),
  json('POST', '/api/auth/reset-password', schema(resetPasswordRequestSchema), () => ({ token: 'not-a-token', password: 'long enough password' }), 'none'),
  json('POST', '/api/auth/reset-password/check', schema(resetLinkCheckRequestSchema), () => ({ token: 'not-a-token' }), 'none'),
  get('GET /api/auth/me', () => fc.constant('/api/auth/me'), 'user'),
  get('GET /api/auth/session', () => fc.constant('/api/auth/session'), 'none'),
  json('PUT', '/api/auth/profile', schema(profileUpdateRequestSchema), () => ({ fullName: 'Ada Lovelace', city: 'Los Angeles' }), 'user'),
  json('PUT', '/api/user/profile', schema(profileUpdateRequestSchema), () => ({ address: '12 Analytical Engine Road', zipCode: '90001' }), 'user'),
  get('GET /api/user/profile', () => fc.constant('/api/user/profile'), 'user'),
  get('GET /api/user/stats', () => fc.constant('/api/user/stats'), 'user'),
  json('PUT', '/api/user/password', schema(passwordChangeRequestSchema), () => ({ currentPassword: 'not the password', newPassword: 'another long password' }), 'user'),
  json('PUT', '/api/user/notifications', schema(notificationToggleRequestSchema), () => ({ key: 'marketingEmails', value: false }), 'user'),
  json('PUT', '/api/user/notification-preferences', schema(notificationPreferencesSchema), () => ({ emailNotifications: true, smsNotifications: false, securityAlerts: true, registrationUpdates: true, paymentUpdates: true, marketingEmails: false }), 'user'),
  get('GET /api/user/notification-preferences', () => fc.constant('/api/user/notification-preferences'), 'user'),
  json('POST', '/api/user/2fa/verify', schema(twoFactorVerifyRequestSchema), () => ({ token: '123456' }), 'user'),
  json('DELETE', '/api/user/2fa/disable', schema(twoFactorDisableRequestSchema), () => ({ password: 'not the password' }), 'user'),
  json('DELETE', '/api/user/account', schema(deleteAccountRequestSchema), () => ({ password: 'not the password', confirmText: 'DELETE MY ACCOUNT' }), 'user'),
  get('GET /api/payment/config', () => fc.constant('/api/payment/config'), 'none'),
  json('POST', '/api/payment/local/payment-methods', schema(localPaymentMethodRequestSchema), () => cardDetails(), 'none'),
  json('POST', '/api/payment/create-intent', schema(createIntentSchema), () => registrationIntent(), 'user'),
  get('GET /api/payment/session/:id', (c) => segment([c.openSession, 'lcs_nope']).map((s) => `/api/payment/session/${s}`), 'user'),
  get('GET /api/payment/local/checkout/:id', (c) => segment([c.openSession, 'lcs_nope']).map((s) => `/api/payment/local/checkout/${s}`), 'none'),
  {
    name: 'POST /api/payment/local/checkout/:id/cancel',
    request: () =>
      fc.record({ id: segment(['lcs_nope']), body: hostileString }).map(({ id, body }) => ({
        method: 'POST' as const,
        url: `/api/payment/local/checkout/${id}/cancel`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `outcome=${encodeURIComponent(body.replace(/[\ud800-\udfff]/g, ''))}`,
      })),
  },
  {
    name: 'POST /api/payment/webhook',
    request: () => jsonBody(null, { type: 'checkout.session.completed' }).map((body) => ({ method: 'POST' as const, url: '/api/payment/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, body })),
  },
  { name: 'POST /api/copyright/submit-registration', request: multipartRequest },
  get('GET /api/titles/user', () => fc.constant('/api/titles/user'), 'user'),
  get('GET /api/dashboard/stats', () => fc.constant('/api/dashboard/stats'), 'user'),
  trRoute('/api/copyright/certificate-preview/', 'user'),
  trRoute('/api/copyright/download-certificate/', 'user'),
  trRoute('/api/download/tr/', 'user'),
  get('GET /api/registry/public-key', () => fc.constant('/api/registry/public-key'), 'none'),
  trRoute('/api/titles/verify/', 'none'),
  get(
    'GET /api/titles/by-hash/:sha256',
    () => segment(['0'.repeat(64), `0x${'ab'.repeat(32)}`, 'AB'.repeat(32), 'f'.repeat(63)]).map((s) => `/api/titles/by-hash/${s}`),
    'none',
  ),
  trRoute('/api/ledger/proof/', 'none'),
  get('GET /api/ledger/status', () => fc.constant('/api/ledger/status'), 'none'),
  json('POST', '/api/ledger/rpc', null, () => ({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }), 'none'),
  // Every staff route, from the staff access table (so a new one is fuzzed too), called as a creator,
  // anonymously or with a forged token: the guard answers before anything else runs.
  ...staffAccessTable.map((spec) => {
    const method = String(spec.method) as HttpRequest['method'];
    const bodySchema: Record<string, z.ZodType> = {
      '/api/admin/login': staffLoginRequestSchema,
      '/api/master-admin/login': staffLoginRequestSchema,
      '/api/admin/accept-invitation': acceptInvitationRequestSchema,
      '/api/admin/reset-password': staffPasswordResetRequestSchema,
      '/api/admin/accept-invitation/check': invitationCheckRequestSchema,
      '/api/admin/reset-password/check': staffResetLinkCheckRequestSchema,
      '/api/master-admin/invite': staffInviteRequestSchema,
      '/api/master-admin/admins/:id/role': staffRoleChangeRequestSchema,
    };
    return {
      name: `${method} ${spec.url} (staff)`,
      request: (context: FuzzContext) =>
        fc
          .record({
            id: segment(['00000000-0000-4000-8000-000000000000', 'not-a-uuid']),
            token: token(context),
            body: jsonBody((bodySchema[spec.url]) ?? null, { email: 'admin@example.com', password: 'not the password', role: 'admin1' }),
            query: fc.constantFrom('', '?limit=0', '?limit=abc&before=-1', '?limit=50&before=%00'),
          })
          .map(({ id, token, body, query }) => ({
            method,
            url: `${spec.url.replace(':id', id)}${method === 'GET' ? query : ''}`,
            ...(token ? { token } : {}),
            ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body }),
          })),
    } satisfies FuzzRoute;
  }),
  {
    name: 'unknown /api paths and methods',
    request: () =>
      fc.record({ path: segment(['x', 'admin', '..']), method: fc.constantFrom<HttpRequest['method']>('GET', 'POST', 'PUT', 'DELETE'), body: hostileValue }).map(
        ({ path, method, body }) => ({ method, url: `/api/${path}`, ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) ?? 'null' }) }),
      ),
  },
];
