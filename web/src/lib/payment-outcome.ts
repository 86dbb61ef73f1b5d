// What the payer is told when they come back from the payment page without paying. A declined card
// and a cancelled checkout are different things: a decline says so, why (the provider's reason,
// from GET /api/payment/session/:id), and what to do; neither ever claims a charge.

export type UnpaidOutcome = 'declined' | 'cancelled';

/** `payment=declined|cancelled` in the address the provider sent the browser back to, if any. */
export function unpaidOutcomeFrom(search: URLSearchParams): UnpaidOutcome | null {
  const value = search.get('payment');
  return value === 'declined' || value === 'cancelled' ? value : null;
}

export type OutcomeText = { title: string; description: string; whatToDo: string };

export function unpaidOutcomeText(outcome: UnpaidOutcome, reason?: string | null): OutcomeText {
  if (outcome === 'declined') {
    return {
      title: 'Card declined',
      description: `${reason?.trim() || 'The bank that issued your card refused the payment.'} You have not been charged.`,
      whatToDo: 'Try again with another card, or ask your bank why it refused the payment and then try again.',
    };
  }
  return {
    title: 'Payment cancelled',
    description: 'The payment was cancelled at the payment page. You have not been charged.',
    whatToDo: 'Your details are kept: pay when you are ready.',
  };
}
