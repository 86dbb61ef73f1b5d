// Seed 000 §8's two failure toasts for adding a card: 'Payment method error' with the provider's
// message when the card provider refused the card (declined, mistyped, expired), and 'Error' with
// the message, or 'Failed to process payment method', when anything else went wrong on the way.
import { errorMessage } from '@/lib/api-error';

/** Thrown by a card field when the card provider refused the card; its message is the provider's. */
export class CardRefusedError extends Error {
  override name = 'CardRefusedError';
}

export function cardFailureToast(error: unknown): { title: string; description: string } {
  return error instanceof CardRefusedError
    ? { title: 'Payment method error', description: error.message }
    : { title: 'Error', description: errorMessage(error, 'Failed to process payment method') };
}
