// What the address says when the browser comes back from the payment page (seed 001 §2.2): a
// session_id or payment_intent with redirect_status=succeeded (or status=succeeded). This only
// says the browser claims success; the wizard then asks the server.
export type PaymentReturn = {
  /** The id to verify and to send with the registration. */
  id: string;
  sessionId: string | null;
  paymentIntentId: string | null;
};

export function readPaymentReturn(search: URLSearchParams): PaymentReturn | null {
  const succeeded = search.get('redirect_status') === 'succeeded' || search.get('status') === 'succeeded';
  if (!succeeded) return null;
  const sessionId = search.get('session_id')?.trim() || null;
  const paymentIntentId = search.get('payment_intent')?.trim() || null;
  const id = sessionId ?? paymentIntentId;
  return id ? { id, sessionId, paymentIntentId } : null;
}
