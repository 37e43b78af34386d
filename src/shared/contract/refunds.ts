import { z } from 'zod';

/** A console refund (decision 224): an amount (default: all that is refundable) and why. */
export const refundBodySchema = z.object({
  /** Cents; absent: all that is still refundable. */
  amount: z
    .number({ error: 'The amount must be a number of cents.' })
    .int('The amount must be a whole number of cents.')
    .positive('The amount to refund must be more than zero.')
    .max(100_000_000, 'The amount is too large.')
    .optional(),
  reason: z
    .string({ error: 'Say why you are refunding.' })
    .trim()
    .min(1, 'Say why you are refunding.')
    .max(500, 'The reason must be at most 500 characters.'),
});
export type RefundBody = z.input<typeof refundBodySchema>;
