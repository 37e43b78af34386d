import { z } from 'zod';
import { accountMessages } from '../messages/accounts';
import { passMessages } from '../messages/passes';
import { isStrongPassword } from '../rules/account-validation';
import { plateFieldSchema } from '../rules/plates';
import { instantSchema, uuidSchema } from './common';
import { defineRoute } from './define-route';
import {
  customFormFieldsSchema,
  issuedPermitSchema,
  optionalPassText,
  paidStatusSchema,
  savedVehicleInputSchema,
  vehicleInputSchema,
  vehicleSchema,
} from './passes';

/**
 * Living with a pass (part 2 section 7, issue 10): lists, vehicles, holder, approval, times,
 * cancel, invitations, transactions and graph data. Declared ahead of their routes so both ends
 * can build on them; this file joins `contract/index.ts` when its routes are registered (the
 * route-table test walks every contract exported there and requires its route). See decision 110.
 */

/** Transaction (section 3): a payment of the customer, notices and passes alike. */
export const transactionSchema = z.object({
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  description: z.string(),
  createdAtUnix: z.number().int(),
  receiptUrl: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** Start/end time update (section 3). */
export const permitTimesUpdateSchema = z
  .object({ permitIssuedUUID: uuidSchema, issuedAt: instantSchema, expiresAt: instantSchema })
  .refine((value) => Date.parse(value.expiresAt) > Date.parse(value.issuedAt), {
    message: passMessages.endBeforeStart,
    path: ['expiresAt'],
  });

/** Graph data of the last 30 days, in the tenant's time zone. */
export const graphDataSchema = z.object({
  issuedPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  byProduct: z.array(z.object({ name: z.string(), count: z.number().int() })),
  byStatus: z.array(z.object({ status: paidStatusSchema, count: z.number().int() })),
});
export type GraphData = z.infer<typeof graphDataSchema>;

const passParamsSchema = z.object({ id: uuidSchema });
const okSchema = z.object({ message: z.string() });
/** A vehicle of a pass as typed in an edit dialog: a plate is required (section 5). */
const passVehicleInputSchema = vehicleInputSchema.extend({
  plate: plateFieldSchema({ required: passMessages.vehicleRequired }),
});
const passVehicleBodySchema = passVehicleInputSchema.extend({ uuid: uuidSchema });
/**
 * Errors of a call on one pass by its uuid: 401 for a bad token, 403 for a caller who may see but
 * not change the pass, 404 for a pass the caller may not see, 409 for a pass that can no longer
 * change, 429 when uuids are being guessed.
 */
const PASS_CALL_ERRORS = [401, 403, 404, 409, 429] as const;

export const listCustomerPermitsContract = defineRoute({
  method: 'GET',
  path: '/portal/customer/permits',
  summary: "The signed-in customer's passes, newest first (at most 2,000)",
  tags: ['passes'],
  auth: 'customer',
  response: z.array(issuedPermitSchema),
  errors: [401],
});

export const listBusinessPermitsContract = defineRoute({
  method: 'GET',
  path: '/portal/customer/business/permits',
  summary: "The passes issued by the signed-in customer's business account (at most 2,000)",
  tags: ['passes'],
  auth: 'customer',
  response: z.array(issuedPermitSchema),
  errors: [401, 403],
});

export const listVisitorPermitsContract = defineRoute({
  method: 'GET',
  path: '/portal/customer/visitors',
  summary: "The signed-in customer's visitor passes",
  tags: ['passes'],
  auth: 'customer',
  response: z.array(issuedPermitSchema),
  errors: [401],
});

export const paymentHistoryContract = defineRoute({
  method: 'GET',
  path: '/portal/customer/paymenthistory',
  summary: "The signed-in customer's paid transactions, newest first",
  tags: ['passes', 'payments'],
  auth: 'customer',
  response: z.array(transactionSchema),
  errors: [401],
});

export const getIssuedFieldsContract = defineRoute({
  method: 'GET',
  path: '/portal/permit/issued-fields/:id',
  summary: "An issued pass's custom form field answers",
  tags: ['passes'],
  auth: 'optional-customer',
  params: passParamsSchema,
  response: z.array(z.object({ label: z.string(), value: z.string() })),
  errors: [401, 403, 404, 429],
});

export const updateIssuedFieldsContract = defineRoute({
  method: 'PUT',
  path: '/portal/permit/issued-fields/:id',
  summary: "Replace an issued pass's custom form field answers (all required)",
  tags: ['passes'],
  auth: 'optional-customer',
  params: passParamsSchema,
  body: customFormFieldsSchema.refine(
    (fields) => fields.every((field) => field.value.length > 0),
    passMessages.customFieldsUpdateRequired,
  ),
  response: z.array(z.object({ label: z.string(), value: z.string() })),
  errors: PASS_CALL_ERRORS,
});

export const listGuestVehiclesContract = defineRoute({
  method: 'GET',
  path: '/portal/guest/:id/vehicles',
  summary: "An issued pass's vehicles (id: the pass; no token needed)",
  tags: ['passes', 'vehicles'],
  auth: 'none',
  params: passParamsSchema,
  response: z.array(vehicleSchema),
  errors: [404, 429],
});

export const updateVehicleContract = defineRoute({
  method: 'PUT',
  path: '/portal/permit/vehicle',
  summary: 'Update a saved vehicle of the signed-in customer',
  tags: ['vehicles'],
  auth: 'customer',
  body: savedVehicleInputSchema.extend({ uuid: uuidSchema }),
  response: vehicleSchema,
  errors: [401, 404, 409],
});

export const deleteVehicleContract = defineRoute({
  method: 'DELETE',
  path: '/portal/permit/vehicle',
  summary: 'Delete a saved vehicle of the signed-in customer',
  tags: ['vehicles'],
  auth: 'customer',
  body: z.object({ uuid: uuidSchema }),
  response: okSchema,
  errors: [401, 404],
});

export const deleteVehiclePostContract = defineRoute({
  method: 'POST',
  path: '/portal/permit/vehicle/delete',
  summary: 'Delete a saved vehicle of the signed-in customer (POST form of the call)',
  tags: ['vehicles'],
  auth: 'customer',
  body: z.object({ uuid: uuidSchema }),
  response: okSchema,
  errors: [401, 404],
});

export const addSecondaryVehicleContract = defineRoute({
  method: 'POST',
  path: '/portal/permit/vehicle/secondary',
  summary: 'Add a secondary vehicle to a pass (below maxVehiclesPerPermit)',
  tags: ['passes', 'vehicles'],
  auth: 'optional-customer',
  body: vehicleInputSchema.extend({
    plate: plateFieldSchema({ required: passMessages.secondaryPlateRequired }),
    permitIssuedUUID: uuidSchema,
  }),
  response: vehicleSchema,
  errors: PASS_CALL_ERRORS,
});

export const deleteSecondaryVehicleContract = defineRoute({
  method: 'DELETE',
  path: '/portal/permit/vehicle/secondary',
  summary: 'Remove a secondary vehicle from a pass',
  tags: ['passes', 'vehicles'],
  auth: 'optional-customer',
  body: z.object({ uuid: uuidSchema, permitIssuedUUID: uuidSchema }),
  response: okSchema,
  errors: PASS_CALL_ERRORS,
});

export const setPrimaryVehicleStateContract = defineRoute({
  method: 'PUT',
  path: '/portal/permit/vehicle/primary/state',
  summary: "Switch a pass's primary vehicle active or inactive (at most maxActiveVehiclesPerPermit)",
  tags: ['passes', 'vehicles'],
  auth: 'optional-customer',
  body: z.object({ permitIssuedUUID: uuidSchema, isActive: z.boolean() }),
  response: vehicleSchema,
  errors: PASS_CALL_ERRORS,
});

export const setSecondaryVehicleStateContract = defineRoute({
  method: 'PUT',
  path: '/portal/permit/vehicle/secondary/state',
  summary: "Switch a pass's secondary vehicle active or inactive (at most maxActiveVehiclesPerPermit)",
  tags: ['passes', 'vehicles'],
  auth: 'optional-customer',
  body: z.object({ uuid: uuidSchema, permitIssuedUUID: uuidSchema, isActive: z.boolean() }),
  response: vehicleSchema,
  errors: PASS_CALL_ERRORS,
});

export const updatePermitHolderContract = defineRoute({
  method: 'POST',
  path: '/portal/permitholder/update',
  summary: "Update a pass's permit holder (every field is replaced; a key it does not know is a 400)",
  tags: ['passes'],
  auth: 'optional-customer',
  // Strict: an absent field clears it, so a body spelled with other keys (the checkout's
  // holderName, ...) would otherwise blank the whole holder.
  body: z.strictObject({
    permitIssuedUUID: uuidSchema,
    name: optionalPassText(200),
    email: optionalPassText(254).refine(
      (value) => value === null || /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value),
      passMessages.holderEmailInvalid,
    ),
    label: optionalPassText(100),
    lotName: optionalPassText(200),
    address1: optionalPassText(200),
    address2: optionalPassText(200),
    city: optionalPassText(100),
    state: optionalPassText(64),
    zip: optionalPassText(20),
    country: optionalPassText(64),
    phonenumber: optionalPassText(40),
  }),
  response: issuedPermitSchema,
  errors: PASS_CALL_ERRORS,
});

export const guestEditVehicleContract = defineRoute({
  method: 'POST',
  path: '/permits/issued/editvehicle',
  summary: "Replace a guest pass's primary vehicle ('Successfully updated vehicle info.')",
  tags: ['passes', 'vehicles'],
  auth: 'none',
  body: z.object({ permitIssuedUUID: uuidSchema, vehicle: passVehicleInputSchema }),
  response: issuedPermitSchema,
  errors: [404, 409, 429],
});

export const cancelPermitContract = defineRoute({
  method: 'PUT',
  path: '/permits/issued/:id/cancel',
  summary:
    "Cancel a pass (the uuid's holder, its owner or issuing business; exactly once): stops a recurring renewal and emails a confirmation",
  tags: ['passes'],
  auth: 'optional-customer',
  params: passParamsSchema,
  response: issuedPermitSchema,
  errors: [401, 403, 404, 409, 429, 502],
});

/** The decided pass, and whether its registrant was emailed (only when they gave an address). */
export const passDecisionAnswerSchema = issuedPermitSchema.extend({
  isRegistrantEmailed: z.boolean(),
});
export type PassDecisionAnswer = z.infer<typeof passDecisionAnswerSchema>;

export const setPermitIssuedStatusContract = defineRoute({
  method: 'PUT',
  path: '/dashboard/permit/issued/status',
  summary: 'Approve (paid) or reject a waiting pass, with an optional message to the registrant',
  tags: ['passes'],
  auth: 'optional-customer',
  body: z.object({
    permitIssuedUUID: uuidSchema,
    status: z.enum(['paid', 'rejected']),
    message: optionalPassText(2000),
    isApproval: z.literal(true),
    isFromPortal: z.literal(true),
  }),
  response: passDecisionAnswerSchema,
  errors: [401, 403, 404, 409],
});

export const setPermitTimesContract = defineRoute({
  method: 'PUT',
  path: '/dashboard/permit/times',
  summary: 'Change the start and end of a pass whose product allows it (canEditTimes)',
  tags: ['passes'],
  auth: 'optional-customer',
  /** Operators need it; the pass's holder, owner or business may when its product allows (canEditTimes). */
  permission: 'pass.set-times',
  body: permitTimesUpdateSchema,
  response: issuedPermitSchema,
  errors: PASS_CALL_ERRORS,
});

export const setPermitVehicleContract = defineRoute({
  method: 'PUT',
  path: '/dashboard/permit/vehicle',
  summary: "Update one of a pass's vehicles",
  tags: ['passes', 'vehicles'],
  auth: 'optional-customer',
  /** Operators need it; the pass's holder, owner or business may edit its vehicles too. */
  permission: 'pass.edit',
  body: passVehicleBodySchema.extend({ permitIssuedUUID: uuidSchema }),
  response: vehicleSchema,
  errors: PASS_CALL_ERRORS,
});

export const emailCustomerPermitContract = defineRoute({
  method: 'POST',
  path: '/dashboard/customer/emailpermit',
  summary: 'A business account invites someone by email: their account on the tenant, a pass, a sign-in link',
  tags: ['passes'],
  auth: 'customer',
  body: z.object({
    email: z
      .string()
      .max(1000)
      .transform((value) => value.replace(/\s+/g, '').toLowerCase())
      .refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value), passMessages.inviteEmailInvalid),
    password: z
      .string()
      .min(1, passMessages.invitePasswordRequired)
      .max(128)
      .refine(isStrongPassword, accountMessages.passwordTooWeak),
    entityUUID: uuidSchema,
    permitUUID: uuidSchema,
  }),
  response: z.object({ permitIssuedUUID: z.uuid() }),
  errors: [401, 403, 404, 409],
  idempotent: true,
});

/** What the invitation page shows before the visitor accepts (decision 216). */
export const invitationSchema = z.object({
  permitIssuedUUID: z.uuid(),
  email: z.string(),
  permitName: z.string(),
  businessName: z.string(),
  /** The account has no password of its own yet (none, or the one the business chose). */
  needsPassword: z.boolean(),
  /** The product asks for the plate alone. */
  isPlateOnly: z.boolean(),
  /** Waiting for the business's approval once accepted. */
  needsApproval: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

const invitationTokenSchema = z.uuid({ message: passMessages.invitationInvalid });

export const getInvitationContract = defineRoute({
  method: 'GET',
  path: '/portal/invitation/:token',
  summary:
    "A business's invitation by its emailed link: the pass, the business, what the visitor still gives",
  tags: ['passes'],
  auth: 'none',
  params: z.object({ token: invitationTokenSchema }),
  response: invitationSchema,
  errors: [404, 429],
});

export const acceptInvitationContract = defineRoute({
  method: 'POST',
  path: '/portal/invitation/accept',
  summary:
    "The invited visitor accepts: their own password (when the account has none of its own), the pass's vehicle; signs them in",
  tags: ['passes'],
  auth: 'none',
  body: z.object({
    token: invitationTokenSchema,
    /** Required when the invitation says needsPassword; ignored otherwise. */
    password: z
      .string()
      .max(128)
      .refine((value) => value === '' || isStrongPassword(value), accountMessages.passwordTooWeak)
      .nullish(),
    vehicle: vehicleInputSchema,
  }),
  response: z.object({
    jwtToken: z.string(),
    uuid: z.uuid(),
    customerPublicId: z.string(),
    permitIssuedUUID: z.uuid(),
  }),
  errors: [404, 409, 429],
});

export const customerPermitsGraphDataContract = defineRoute({
  method: 'GET',
  path: '/dashboard/customerpermits/:id/graphdata',
  summary: "Graph data of a customer's passes (id: the customer), last 30 days",
  tags: ['passes'],
  auth: 'customer',
  params: passParamsSchema,
  response: graphDataSchema,
  errors: [401, 404],
});

export const businessPermitsGraphDataContract = defineRoute({
  method: 'GET',
  path: '/dashboard/businesspermits/:id/graphdata',
  summary: "Graph data of a business account's passes (id: the business account), last 30 days",
  tags: ['passes'],
  auth: 'customer',
  params: passParamsSchema,
  response: graphDataSchema,
  errors: [401, 403, 404],
});
