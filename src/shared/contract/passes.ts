import { z } from 'zod';
import { passMessages } from '../messages/passes';
import { MAX_CODE_LENGTH, normaliseCode } from '../rules/account-validation';
import { BILLING_PERIODS, PASS_PAID_STATUSES } from '../rules/pass-values';
import { plateFieldSchema } from '../rules/plates';
import { instantSchema, subdomainSchema, uuidSchema } from './common';
import { defineRoute } from './define-route';

/**
 * Parking passes, part 2 sections 3 and 7: getting a pass (codes, email verification, checkout,
 * issue, payment). The catalogue is in passes-catalogue.ts, living with a pass in passes-living.ts.
 * Field names are the spec's. Checks that depend on the product (which fields a product needs, in
 * the spec's order) are not in these wire schemas but in `findCheckoutProblem`
 * (src/shared/rules/pass-checkout.ts), which the form and the server both run.
 */

/** Most registration proof files per pass (part 2 section 9: 6 in the customer-side flow). */
export const MAX_PROOF_FILES = 6;
/** Most custom form fields a product has, or a pass answers. */
export const MAX_FORM_FIELDS = 50;

const trimmedText = (max: number) =>
  z
    .string()
    .max(max * 4, `must be at most ${max} characters`)
    .transform((value) => value.trim())
    .refine((value) => value.length <= max, `must be at most ${max} characters`);
/** Optional text: absent, null and blank all become null. */
export const optionalPassText = (max: number) =>
  trimmedText(max)
    .nullish()
    .transform((value) => (value ? value : null));
const upperText = (max: number) =>
  optionalPassText(max).transform((value) => (value === null ? null : value.toUpperCase()));

/** An access, sign-up or guest code as typed: whitespace removed, upper-cased (section 5). */
export const passCodeInputSchema = z
  .string()
  .max(MAX_CODE_LENGTH * 4, `must be at most ${MAX_CODE_LENGTH} characters`)
  .transform(normaliseCode);
const optionalCodeSchema = passCodeInputSchema.nullish().transform((value) => (value ? value : null));

export const paidStatusSchema = z.enum(PASS_PAID_STATUSES);
/** The status the screens show: Valid, Expired, 'Needs payment', waiting, or empty. */
export const PERMIT_STATUSES = ['Valid', 'Expired', 'Needs payment', 'waiting', ''] as const;
export const permitStatusSchema = z.enum(PERMIT_STATUSES);
export type PermitStatus = z.infer<typeof permitStatusSchema>;

/** Custom form field (section 3): label and value. */
export const customFormFieldSchema = z.object({
  label: trimmedText(200),
  value: z
    .string()
    .max(4000)
    .transform((value) => value.trim()),
});
export type CustomFormField = z.infer<typeof customFormFieldSchema>;
export const customFormFieldsSchema = z.array(customFormFieldSchema).max(MAX_FORM_FIELDS);

/** Vehicle as typed in a checkout or the add dialog: values trimmed and upper-cased. */
export const vehicleInputSchema = z.object({
  plate: plateFieldSchema(),
  state: upperText(32),
  make: upperText(64),
  model: upperText(64),
  color: upperText(32),
});
export type VehicleInput = z.infer<typeof vehicleInputSchema>;

/** A saved vehicle on the vehicles screen: every field required (section 5). */
export const savedVehicleInputSchema = z.object({
  plate: plateFieldSchema({ required: passMessages.vehicleFieldsRequired }),
  state: upperText(32).refine((value) => value !== null, passMessages.vehicleFieldsRequired),
  make: upperText(64).refine((value) => value !== null, passMessages.vehicleFieldsRequired),
  model: upperText(64).refine((value) => value !== null, passMessages.vehicleFieldsRequired),
  color: upperText(32).refine((value) => value !== null, passMessages.vehicleFieldsRequired),
});

/** Vehicle (section 3): a saved vehicle (permitIssuedUUID null) or a pass's vehicle. */
export const vehicleSchema = z.object({
  uuid: z.uuid(),
  plate: z.string(),
  state: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  color: z.string().nullable(),
  isPrimary: z.boolean(),
  isActive: z.boolean(),
  permitIssuedUUID: z.uuid().nullable(),
  /** The saved vehicle a pass's vehicle was copied from. */
  vehicleUUID: z.uuid().nullable(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** Permit holder (section 3) plus country, phone and the square type's contact fields. */
export const permitHolderSchema = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  label: z.string().nullable(),
  lotName: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  phonenumber: z.string().nullable(),
  buildingBusiness: z.string().nullable(),
  emergencyName: z.string().nullable(),
  emergencyNumber: z.string().nullable(),
  emergencyEmail: z.string().nullable(),
});
export type PermitHolder = z.infer<typeof permitHolderSchema>;

/** Issued permit (section 3): every field, plus its product's uuid and all proof URLs. */
export const issuedPermitSchema = z.object({
  uuid: z.uuid(),
  customerPermitId: z.string(),
  permitUUID: z.uuid(),
  permitName: z.string(),
  permitDescription: z.string().nullable(),
  status: permitStatusSchema,
  paidStatus: paidStatusSchema,
  issuedOn: z.string(),
  expiresAt: z.string(),
  canEditTimes: z.boolean(),
  vehicle: vehicleSchema.nullable(),
  secondaryVehicles: z.array(vehicleSchema),
  maxVehiclesPerPermit: z.number().int(),
  maxActiveVehiclesPerPermit: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  advancedType: z.number().int(),
  customFormFields: z.array(z.object({ label: z.string(), value: z.string() })),
  permitHolder: permitHolderSchema.nullable(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  isVisitorOnly: z.boolean(),
  isRecurring: z.boolean(),
  /** How often a recurring pass renews (its product's period); NONE for a one-time pass. */
  billingPeriod: z.enum(BILLING_PERIODS),
  /** A recurring pass whose subscription has started and still renews (false once stopped). */
  /** The product's daily window (local 'HH:mm'; decision 181), or null. */
  dailyWindow: z.object({ from: z.string(), to: z.string() }).nullable(),
  isRenewing: z.boolean(),
  /** The business account that issued the pass (its members may approve it); null for others. */
  businessAccountUUID: z.uuid().nullable(),
  receiptUrl: z.string().nullable(),
  regImgUrl: z.string().nullable(),
  regImgUrls: z.array(z.string()),
  footerCopy: z.string().nullable(),
  footerCopyAboveCheckout: z.string().nullable(),
});
export type IssuedPermit = z.infer<typeof issuedPermitSchema>;

/** Holder and proof fields shared by the checkout and the issue payloads (square type included). */
const holderInputShape = {
  holderName: optionalPassText(200),
  holderLabel: optionalPassText(100),
  holderEmail: optionalPassText(254),
  holderAddress1: optionalPassText(200),
  holderAddress2: optionalPassText(200),
  holderCity: optionalPassText(100),
  holderState: optionalPassText(64),
  holderZip: optionalPassText(20),
  holderCountry: optionalPassText(64),
  lotName: optionalPassText(200),
  buildingBusiness: optionalPassText(200),
  phonenumber: optionalPassText(40),
  emergencyName: optionalPassText(200),
  emergencyNumber: optionalPassText(40),
  emergencyEmail: optionalPassText(254),
  /** Registration proofs: file URLs answered by POST /uploads (purpose 'pass-proof'). */
  regImgURL: optionalPassText(2000),
  regImgURLs: z.array(z.string().max(2000)).max(MAX_PROOF_FILES, passMessages.fileCountReached).nullish(),
  formFields: customFormFieldsSchema.nullish(),
  permitCode: optionalCodeSchema,
  guestCode: optionalCodeSchema,
};

/**
 * Checkout payload (section 3), as a guest (or a signed-in customer on the guest screen) sends it.
 * `vehicle` is an object; `date` and `endDate` are ISO instants. `needsApproval` is read but never
 * trusted: the product decides. `emailVerificationToken` (ours) carries an email verification.
 */
export const checkoutPayloadSchema = z.object({
  permitProductUUID: uuidSchema,
  subdomain: subdomainSchema,
  customerUUID: uuidSchema.nullish(),
  date: instantSchema.nullish(),
  endDate: instantSchema.nullish(),
  vehicle: vehicleInputSchema.nullish(),
  vehicleUUID: uuidSchema.nullish(),
  fullname: optionalPassText(200),
  email: optionalPassText(254),
  needsApproval: z.boolean().nullish(),
  holderPhonenumber: optionalPassText(40),
  emailVerificationToken: z.string().max(200).nullish(),
  /** Ours: the token of a waitlist offer's link, buying the place held for its holder. */
  waitlistOffer: z.string().max(200).nullish(),
  ...holderInputShape,
});
export type CheckoutPayload = z.infer<typeof checkoutPayloadSchema>;
export type CheckoutPayloadInput = z.input<typeof checkoutPayloadSchema>;

/** Issue payload (section 3): a signed-in customer's application; vehicleUUID names a saved vehicle. */
export const issuePayloadSchema = z.object({
  permitProductUUID: uuidSchema,
  vehicleUUID: uuidSchema.nullish(),
  startDate: instantSchema.nullish(),
  endDate: instantSchema.nullish(),
  date: instantSchema.nullish(),
  /** Ours: the token of a waitlist offer's link, buying the place held for its holder. */
  waitlistOffer: z.string().max(200).nullish(),
  ...holderInputShape,
});
export type IssuePayload = z.infer<typeof issuePayloadSchema>;
export type IssuePayloadInput = z.input<typeof issuePayloadSchema>;

/** Which of section 4's outcomes a pass took: the screen goes to submitted, success or payment. */
export const CHECKOUT_OUTCOMES = ['submitted', 'issued', 'payment'] as const;
export const issueResponseSchema = z.object({
  permitIssuedUUID: z.uuid(),
  paidStatus: paidStatusSchema,
  outcome: z.enum(CHECKOUT_OUTCOMES),
});
export type IssueResponse = z.infer<typeof issueResponseSchema>;

const passParamsSchema = z.object({ id: uuidSchema });

// Codes.

export const lookupPermitCodeContract = defineRoute({
  method: 'GET',
  path: '/portal/customer/:id/permit/permitcode/:code',
  summary: 'The product an unused access code opens (id: the signed-in customer)',
  tags: ['passes'],
  auth: 'customer',
  params: z.object({ id: uuidSchema, code: passCodeInputSchema }),
  response: z.object({ permitProductUUID: z.uuid() }),
  errors: [401, 404],
});

export const checkAccessCodeContract = defineRoute({
  method: 'GET',
  path: '/dashboard/permit/:id/access-codes/:code/checkcode',
  summary: 'Whether an access code is unused and belongs to this product',
  tags: ['passes'],
  auth: 'optional-customer',
  params: z.object({ id: uuidSchema, code: passCodeInputSchema }),
  response: z.object({ isValid: z.literal(true) }),
  errors: [404, 409],
});

// Email verification.

/**
 * Guest email confirm (the spec does not show its path; ours): emails a single-use link, valid
 * 24 hours, that opens /permit/{permituuid}/guestcheckout/{customeruuid}?token=….
 */
export const guestEmailConfirmContract = defineRoute({
  method: 'POST',
  path: '/portal/permit/guest/emailverify',
  summary: 'Email a link that begins the registration for an email-verified pass',
  tags: ['passes'],
  auth: 'none',
  body: z.object({
    subdomain: subdomainSchema,
    permitUUID: uuidSchema,
    email: z
      .string()
      .max(1000)
      .transform((value) => value.replace(/\s+/g, '').toLowerCase())
      .refine(
        (value) => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value) && value.length <= 254,
        passMessages.emailInvalid,
      ),
  }),
  response: z.object({ message: z.string() }),
  errors: [404, 429],
  idempotent: true,
});

/** Opening the emailed link: answers the verified email (locked on the form) while it is unused. */
export const checkGuestEmailVerificationContract = defineRoute({
  method: 'POST',
  path: '/portal/permit/guest/emailverify/check',
  summary: 'Check an email verification link and answer the verified email',
  tags: ['passes'],
  auth: 'none',
  body: z.object({ permitUUID: uuidSchema, customerUUID: uuidSchema, token: z.string().min(1).max(200) }),
  response: z.object({ email: z.string(), customerUUID: z.uuid() }),
  errors: [404, 410],
});

// Checkout and issue.

export const issuePermitContract = defineRoute({
  method: 'POST',
  path: '/portal/permit/issue',
  summary: "A signed-in customer's application: waiting, paid, or incomplete until paid (section 4)",
  tags: ['passes'],
  auth: 'customer',
  body: issuePayloadSchema,
  response: issueResponseSchema,
  errors: [401, 403, 404, 409],
  idempotent: true,
});

export const guestFreeCheckoutContract = defineRoute({
  method: 'POST',
  path: '/permits/checkout/guest/free',
  summary: 'Guest checkout of a free pass, or an application that needs approval',
  tags: ['passes'],
  auth: 'optional-customer',
  body: checkoutPayloadSchema,
  response: issueResponseSchema,
  errors: [403, 404, 409],
  idempotent: true,
});

export const guestPaidIncompleteContract = defineRoute({
  method: 'POST',
  path: '/permits/checkout/guest/paid/incomplete',
  summary: 'Guest checkout of a paid pass: an incomplete pass that holds its place until paid',
  tags: ['passes'],
  auth: 'optional-customer',
  body: checkoutPayloadSchema,
  response: issueResponseSchema,
  errors: [403, 404, 409],
  idempotent: true,
});

export const guestPaidCheckAllowedContract = defineRoute({
  method: 'POST',
  path: '/permits/checkout/guest/paid/checkallowed',
  summary: 'Whether a guest checkout would be accepted (every check of an issue, nothing written)',
  tags: ['passes'],
  auth: 'optional-customer',
  body: checkoutPayloadSchema,
  response: z.object({ isAllowed: z.literal(true) }),
  errors: [403, 404, 409],
});

const checkoutUrlParamsSchema = z.object({ id: uuidSchema, subdomain: subdomainSchema });
/** Where to send the browser to pay an incomplete pass. */
export const passCheckoutResponseSchema = z.object({ checkoutURL: z.string() });

export const permitCheckoutUrlContract = defineRoute({
  method: 'GET',
  path: '/portal/permit/checkout/:id/subdomain/:subdomain',
  summary: "The payment page of a signed-in customer's incomplete pass",
  tags: ['passes', 'payments'],
  auth: 'customer',
  params: checkoutUrlParamsSchema,
  response: passCheckoutResponseSchema,
  errors: [401, 404, 409, 502],
});

export const guestCheckoutUrlContract = defineRoute({
  method: 'GET',
  path: '/portal/permit/guestcheckout/:id/subdomain/:subdomain',
  summary: "The payment page of a guest's incomplete pass (its uuid is the capability)",
  tags: ['passes', 'payments'],
  auth: 'none',
  params: checkoutUrlParamsSchema,
  response: passCheckoutResponseSchema,
  errors: [404, 409, 429, 502],
});

// The issued pass and the checkout's vehicle picker.

export const getCustomerPermitContract = defineRoute({
  method: 'GET',
  path: '/portal/customer/permit/:id',
  summary: 'One issued pass; no token needed (its random uuid is the capability)',
  tags: ['passes'],
  auth: 'optional-customer',
  params: passParamsSchema,
  response: issuedPermitSchema,
  errors: [404, 429],
});

export const listVehiclesContract = defineRoute({
  method: 'GET',
  path: '/portal/permit/vehicles',
  summary: "The signed-in customer's saved vehicles",
  tags: ['passes', 'vehicles'],
  auth: 'customer',
  response: z.array(vehicleSchema),
  errors: [401],
});

export const addVehicleContract = defineRoute({
  method: 'POST',
  path: '/portal/permit/vehicle',
  summary:
    'Save a vehicle for the signed-in customer: plate, state, make, model and color; a plate already saved (in any spelling) is a 409',
  tags: ['passes', 'vehicles'],
  auth: 'customer',
  body: savedVehicleInputSchema,
  response: z.object({ uuid: z.uuid() }),
  errors: [401, 409],
});
