// The real registration journey over HTTP (sign up with a card, local checkout, multipart
// submission) for the ledger's tests, so the .tr files they verify are the ones users download.
import { randomBytes } from 'node:crypto';
import type { InjectOptions, Response } from 'light-my-request';
import type { TestApp } from '../support/app.js';

type CallOptions = Omit<InjectOptions, 'headers'> & { token?: string; headers?: Record<string, string> };

export function apiClient(app: TestApp) {
  const call = async (options: CallOptions): Promise<Response> => {
    const { token, ...rest } = options;
    return app.running.app!.inject({ ...rest, headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } } as InjectOptions);
  };
  let counter = 0;

  async function signUp(): Promise<string> {
    const card = await call({
      method: 'POST',
      url: '/api/payment/local/payment-methods',
      payload: {
        cardNumber: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 2,
        cvc: '123',
        billing: { name: 'Ada Lovelace', email: 'ada@example.com', address: { line1: '1 Main Street', city: 'Los Angeles', state: 'CA', postal_code: '90001', country: 'US' } },
      },
    });
    const response = await call({
      method: 'POST',
      url: '/api/auth/register-enhanced',
      payload: {
        email: `ledger${++counter}.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`,
        password: 'correct horse battery',
        fullName: 'Ada Lovelace',
        phone: '3105551234',
        address: '12 Analytical Engine Road',
        city: 'Los Angeles',
        state: 'CA',
        zipCode: '90001',
        country: 'US',
        accountType: 'individual',
        paymentMethodId: card.json().id,
        termsAccepted: true,
        privacyAccepted: true,
      },
    });
    if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
    return response.json().token as string;
  }

  async function register(token: string, content: Buffer, title = 'The Sea'): Promise<{ trNumber: string; cryptographicHash: string }> {
    const intent = await call({
      method: 'POST',
      url: '/api/payment/create-intent',
      token,
      payload: { amount: 9.99, payment_type: 'copyright_registration', description: 'TitleLedger - Copyright Registration Fee', metadata: { title, email: 'ada@example.com' } },
    });
    const { checkout_url: checkoutUrl, session_id: sessionId } = intent.json();
    const pagePath = new URL(checkoutUrl).pathname;
    await call({ method: 'POST', url: `${pagePath}/complete`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=pay' });
    const values: Record<string, string> = {
      title,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '3105551234',
      address: '12 Analytical Engine Road, Los Angeles',
      materialType: 'Poems',
      intendedMedium: 'PRINT LITERARY',
      description: 'A poem.',
      paymentSessionId: sessionId,
      paymentIntentId: '',
    };
    const boundary = `----ledger${randomBytes(8).toString('hex')}`;
    const parts: Buffer[] = Object.entries(values).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="work.txt"\r\nContent-Type: text/plain\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    const response = await call({
      method: 'POST',
      url: '/api/copyright/submit-registration',
      token,
      payload: Buffer.concat(parts),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    if (response.statusCode >= 300) throw new Error(`registration failed (${response.statusCode}): ${response.body}`);
    const body = response.json();
    const registration = body.registration ?? body;
    return { trNumber: registration.tr_number ?? registration.trNumber, cryptographicHash: registration.cryptographic_hash ?? registration.cryptographicHash };
  }

  const downloadTr = async (token: string, trNumber: string) => (await call({ method: 'GET', url: `/api/download/tr/${trNumber}`, token })).body;

  return { call, signUp, register, downloadTr };
}
