// GET /api/payment/unused: a paid registration payment whose address was lost (the tab closed, the
// wizard left for another page) is found again for its payer, and only while no registration has
// used it, so the wizard can offer it instead of a second charge.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { creatorFlows, injectSender, jsonBody, registrationFields, registrationIntent, type Creator } from '../../../test/support/flows.js';
import { textBytes } from '../../../test/support/documents.js';
import type { UnusedPayments } from '../schemas/registrations.js';

let app: TestApp;
let flows: ReturnType<typeof creatorFlows>;
let ada: Creator;
let bob: Creator;

beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: 'http://titleledger.test' });
  flows = creatorFlows(injectSender(app));
  [ada, bob] = [await flows.signUp(), await flows.signUp()];
});
afterAll(async () => {
  await app?.stop();
});

const unused = async (token: string) => {
  const reply = await flows.send({ method: 'GET', url: '/api/payment/unused', token });
  expect(reply.status).toBe(200);
  return reply.json<UnusedPayments>().payments;
};
const unusedIds = async (token: string) => (await unused(token)).map((payment) => payment.id);

it("lists the payer's paid, unused registration payments, newest first, and nothing open, cancelled, one-time or used", async () => {
  const older = await flows.paidSession(ada.token, registrationIntent({ title: 'Older Work' }));
  const newer = await flows.paidSession(ada.token, registrationIntent({ title: 'Newer Work' }));
  await flows.createIntent(ada.token); // open: never paid
  await flows.checkout((await flows.createIntent(ada.token)).checkout_url, 'cancel');
  await flows.paidSession(ada.token, { ...registrationIntent(), payment_type: 'one-time' }); // paid, but not for a registration

  // The read model catches up after the payments were recorded.
  await expect.poll(() => unusedIds(ada.token)).toEqual([newer, older]);
  expect((await unused(ada.token))[0]).toEqual({ id: newer, amount: 9.99, currency: 'usd', reference: 'Newer Work', paid_at: expect.any(String) });
  expect(await unusedIds(bob.token)).toEqual([]);

  // Used: gone at once, confirmed from the payment's own stream whatever the read model has seen.
  const registered = await flows.submit(ada.token, registrationFields(newer, { title: 'Newer Work' }), { name: 'work.txt', content: textBytes('the newer work') });
  expect(registered.status).toBe(201);
  expect(await unusedIds(ada.token)).toEqual([older]);
  // Whatever the read model says: once it has the consumption, put its row back as it stood before (a
  // read model behind the log), so the answer can only come from the payment's stream.
  const readModelStatus = async () => (await app.running.pool.query('SELECT status FROM user_payments WHERE payment_id = $1', [newer])).rows[0]?.status;
  await expect.poll(readModelStatus).toBe('consumed');
  await app.running.pool.query("UPDATE user_payments SET status = 'succeeded' WHERE payment_id = $1", [newer]);
  expect(await unusedIds(ada.token)).toEqual([older]);

  // Someone else cannot use it either: the offer decides nothing, the submission does.
  const stolen = await flows.submit(bob.token, registrationFields(older), { name: 'work.txt', content: textBytes('not his payment') });
  expect(stolen.status).toBe(404);
  expect(await unusedIds(ada.token)).toEqual([older]);
});

it("drops a deleted account's payments from the read model", async () => {
  const carol = await flows.signUp();
  const paid = await flows.paidSession(carol.token);
  const rows = async () => (await app.running.pool.query('SELECT payment_id FROM user_payments WHERE user_id = $1', [carol.userId])).rows;
  await expect.poll(rows).toEqual([{ payment_id: paid }]);
  const deleted = await flows.send({
    method: 'DELETE',
    url: '/api/user/account',
    token: carol.token,
    ...jsonBody({ password: carol.password, confirmText: 'DELETE MY ACCOUNT' }),
  });
  expect(deleted.status).toBe(200);
  await expect.poll(rows).toEqual([]);
});

it('answers 401 without a session', async () => {
  expect((await flows.send({ method: 'GET', url: '/api/payment/unused' })).status).toBe(401);
});
