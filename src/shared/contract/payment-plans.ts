import { z } from 'zod';
import { isValidEmail, stripWhitespace } from '../rules/account-validation';
import { MAX_PLAN_INSTALMENTS, MIN_PLAN_INSTALMENTS } from '../rules/payment-plans';
import { uuidSchema } from './common';
import { defineRoute } from './define-route';

/** One instalment as the notice page and the console show it. 'failed': due again after a failed charge. */
export const planInstalmentSchema = z.object({
  sequence: z.number().int(),
  /** The tenant-local date it is due, 'YYYY-MM-DD'. */
  dueOn: z.string(),
  amount: z.number().int(),
  status: z.enum(['due', 'failed', 'paid', 'paid_off', 'canceled']),
  paidAt: z.string().nullable(),
  attempts: z.number().int(),
  receiptUrl: z.string().nullable(),
});
export type PlanInstalment = z.infer<typeof planInstalmentSchema>;

/**
 * A notice's payment plan (issue 31, decision 222): what is paid, what remains and when the next
 * instalment is due. 'defaulted': the plan ended after the grace period; the rest is due again.
 */
export const paymentPlanSchema = z.object({
  uuid: z.uuid(),
  status: z.enum(['active', 'completed', 'defaulted', 'canceled']),
  instalmentCount: z.number().int(),
  noticeAmount: z.number().int(),
  fee: z.number().int(),
  total: z.number().int(),
  paid: z.number().int(),
  remaining: z.number().int(),
  nextDueOn: z.string().nullable(),
  /** The first day the plan ends if the failed instalment stays unpaid ('YYYY-MM-DD'); null unless one failed. */
  graceEndsOn: z.string().nullable(),
  createdAt: z.string(),
  instalments: z.array(planInstalmentSchema),
});
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

/**
 * A plan as the public notice list shows it (issue 31): "On a payment plan" with what is paid
 * and what remains, so the list does not offer the notice as if no plan existed.
 */
export const paymentPlanStandingSchema = paymentPlanSchema.pick({
  status: true,
  paid: true,
  remaining: true,
  nextDueOn: true,
});
export type PaymentPlanStanding = z.infer<typeof paymentPlanStandingSchema>;

/** What a notice page may offer: instalments up to maxInstalments, with this flat fee. */
export const paymentPlanOfferSchema = z.object({
  maxInstalments: z.number().int(),
  fee: z.number().int(),
  graceDays: z.number().int(),
});
export type PaymentPlanOffer = z.infer<typeof paymentPlanOfferSchema>;

export const startPaymentPlanBodySchema = z.object({
  instalments: z
    .number({ message: 'Choose how many instalments.' })
    .int({ message: 'Choose a whole number of instalments.' })
    .min(MIN_PLAN_INSTALMENTS, { message: `A plan has at least ${MIN_PLAN_INSTALMENTS} instalments.` })
    .max(MAX_PLAN_INSTALMENTS, { message: `A plan has at most ${MAX_PLAN_INSTALMENTS} instalments.` }),
  email: z
    .string({ message: 'Enter your email for the receipts and reminders.' })
    .transform(stripWhitespace)
    .refine(isValidEmail, { message: 'Enter a valid email address, like name@example.com.' }),
});

export const startPaymentPlanContract = defineRoute({
  method: 'POST',
  path: '/portal/payment-plan/citation/:uuid',
  summary: "Pay a notice in instalments: opens the hosted checkout of the plan's first instalment",
  tags: ['payments'],
  auth: 'none',
  params: z.object({ uuid: uuidSchema }),
  body: startPaymentPlanBodySchema,
  response: z.object({ checkoutURL: z.string() }),
  errors: [404, 409, 502],
});
