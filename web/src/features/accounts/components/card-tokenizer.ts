// The contract between the payment step and a card provider's fields: given the billing details,
// turn whatever the visitor typed into a payment-method id and card summary, or throw: a
// CardRefusedError (lib/card-failure.ts) with the provider's message when it refused the card, any
// other Error when something else failed.
import type { BillingDetails } from '@titleledger/api/schemas';

import type { PaymentMethodSummary } from '../lib/sign-up';

export type CardTokenizer = { tokenize: (billing: BillingDetails) => Promise<PaymentMethodSummary> };
