import { paymentSessionStatusMessages } from '../messages/payment-statuses';

/**
 * A payment provider's status ('paid', 'refund_failed') as words in the page's language; a status
 * the catalogue does not know yet is shown with its words spaced and capitalised, never as a code.
 */
export function paymentSessionStatusLabel(status: string): string {
  const known = (paymentSessionStatusMessages as Record<string, string>)[status];
  if (known) return known;
  const words = status.replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
