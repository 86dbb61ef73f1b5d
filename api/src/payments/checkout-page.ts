// The local provider's hosted checkout page: small, self-contained, clearly TEST MODE. The card
// inputs have no `name`, so no card data ever leaves the browser; only the outcome is posted.
import type { CheckoutSessionRequest } from './checkout-provider.js';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The page's only script, inlined verbatim: the Content-Security-Policy allows exactly this text by
 * its SHA-256 (http/security-headers.ts), so any other inline script stays blocked.
 */
export const LOCAL_CHECKOUT_SCRIPT = `
    document.getElementById('pay-form').addEventListener('submit', function () {
      var digits = document.getElementById('card').value.replace(/\\D/g, '');
      document.getElementById('outcome').value = digits === '4000000000000002' ? 'decline' : 'pay';
    });
  `;

/** The look both test-mode pages share: the TEST MODE banner over one card. */
const BASE_STYLE = `  :root { color-scheme: light; font-family: system-ui, sans-serif; }
  body { margin: 0; background: #f1f5f9; color: #0f172a; }
  .banner { background: #facc15; color: #422006; text-align: center; padding: .6rem; font-weight: 700; letter-spacing: .05em; }
  main { max-width: 420px; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 1px 3px #0002; }`;

/** A test-mode page: `title`, the shared look plus `style`, and `main` in the card under the banner. */
function testModePage(title: string, style: string, main: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
${BASE_STYLE}
${style}
</style></head>
<body>
<div class="banner" role="status">TEST MODE — no real payment is made</div>
<main>
${main}
</main>
</body></html>`;
}

/**
 * What the checkout page says to a browser that is not signed in as the payer (a person reads it,
 * so a page, not the API's JSON): most often the app was opened at another address than PUBLIC_URL
 * (127.0.0.1 for localhost), whose session cookie this host does not get.
 */
export function localCheckoutRefusalPage(message: string, publicUrl: string): string {
  const login = `${publicUrl}/login`;
  return testModePage(
    'Sign in to pay · TitleLedger',
    '  h1 { font-size: 1.2rem; margin: 0 0 .75rem; } a { color: #1d4ed8; } a:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }',
    `  <h1>Sign in to pay</h1>
  <p>${escape(message)}</p>
  <p>This checkout opens only for the account that started it, signed in at <a href="${escape(publicUrl)}">${escape(publicUrl)}</a>.
  <a href="${escape(login)}">Sign in there</a>, then start the payment again from the registration wizard.</p>`,
  );
}

export function localCheckoutPage(sessionId: string, request: CheckoutSessionRequest, status: string): string {
  const amount = `$${(request.amount / 100).toFixed(2)} ${request.currency.toUpperCase()}`;
  const action = `/api/payment/local/checkout/${encodeURIComponent(sessionId)}`;
  const open = status === 'open';
  return testModePage(
    'TEST MODE checkout · TitleLedger',
    `  h1 { font-size: 1.2rem; margin: 0 0 .25rem; } .amount { font-size: 2rem; font-weight: 700; margin: .5rem 0 1rem; }
  label { display: block; font-size: .85rem; margin: .75rem 0 .25rem; color: #475569; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; border: 1px solid #cbd5e1; border-radius: 8px; font: inherit; }
  .row { display: flex; gap: .75rem; } .row > div { flex: 1; }
  button { width: 100%; margin-top: 1rem; padding: .75rem; border-radius: 8px; border: 0; font: inherit; font-weight: 600; cursor: pointer; }
  .pay { background: #1d4ed8; color: #fff; } .cancel { background: #e2e8f0; color: #0f172a; }
  button:focus-visible, input:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }
  .note { font-size: .8rem; color: #64748b; margin-top: 1rem; }`,
    `  <h1>${escape(request.description)}</h1>
  <div class="amount">${escape(amount)}</div>
  ${
    open
      ? `<form method="post" action="${action}/complete" id="pay-form">
    <input type="hidden" name="outcome" id="outcome" value="pay">
    <label for="card">Card number</label>
    <input id="card" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242" value="4242 4242 4242 4242">
    <div class="row">
      <div><label for="exp">Expiry</label><input id="exp" autocomplete="off" placeholder="MM / YY" value="12 / 34"></div>
      <div><label for="cvc">CVC</label><input id="cvc" autocomplete="off" placeholder="123" value="123"></div>
    </div>
    <button class="pay" type="submit">Pay ${escape(amount)}</button>
  </form>
  <form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form>
  <p class="note">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined. Card details are not sent or stored.</p>
  <script>${LOCAL_CHECKOUT_SCRIPT}</script>`
      : `<p>This checkout session is ${status === 'complete' ? 'already paid' : 'closed'}.</p>`
  }`,
  );
}
