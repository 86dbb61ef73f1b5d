// One source for the fee: the server's REGISTRATION_FEE_CENTS is what GET /api/payment/config
// serves, what a registration payment must carry, and changing it keeps registration working.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { creatorFlows, errorReply, injectSender, jsonBody, registrationFields, registrationIntent, type Creator } from '../../../test/support/flows.js';
import { textBytes } from '../../../test/support/documents.js';

let app: TestApp;
let flows: ReturnType<typeof creatorFlows>;
let ada: Creator;

beforeAll(async () => {
  app = await startTestApp({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tl-fee-')), REGISTRATION_FEE_CENTS: '1500' });
  flows = creatorFlows(injectSender(app));
  ada = await flows.signUp();
});
afterAll(async () => {
  await app?.stop();
});

it('serves the configured fee', async () => {
  const config = await flows.send({ method: 'GET', url: '/api/payment/config' });
  expect(config.status).toBe(200);
  expect(config.json()).toMatchObject({ provider: 'local', testMode: true, registrationFee: { amountCents: 1500, currency: 'usd' } });
});

it('registers end to end at the configured fee', async () => {
  const registered = await flows.register(ada.token, textBytes('a work at fifteen dollars'), { title: 'Fifteen' });
  expect(registered.trNumber).toMatch(/^TR-COPY-\d{4}-/);
});

it('refuses a registration payment of the default 9.99 once the fee is changed', async () => {
  const stale = await flows.send({ method: 'POST', url: '/api/payment/create-intent', token: ada.token, ...jsonBody(registrationIntent({ amount: 9.99 })) });
  expect(stale.status).toBe(422);
  expect(stale.json()).toMatchObject(errorReply('unprocessable', 'The registration fee is 15.00 USD, not 9.99 USD.'));
  // Nor does a one-time payment of the fee pay for a registration.
  const oneTime = await flows.paidSession(ada.token, { ...registrationIntent({ amount: 15 }), payment_type: 'one-time' });
  const refused = await flows.submit(ada.token, registrationFields(oneTime), { name: 'w.txt', content: textBytes('w') });
  expect(refused.status).toBe(422);
});
