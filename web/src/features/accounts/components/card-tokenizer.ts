// The contract between the payment step and a card provider's fields: given the billing details,
// turn whatever the visitor typed into a payment-method id and card summary, or throw an Error
// whose message the visitor can act on.
import type { BillingDetails } from '@titleledger/api/schemas';

import type { PaymentMethodSummary } from '../lib/sign-up';

export type CardTokenizer = { tokenize: (billing: BillingDetails) => Promise<PaymentMethodSummary> };
