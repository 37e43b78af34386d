import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { CheckoutPayload, IssuePayload, IssueResponse } from '../../../shared/contract';
import { inputErrorMessages } from '../../../shared/messages/input-errors';
import { formatPassMessage, passMessages } from '../../../shared/messages/passes';
import { findCheckoutProblem } from '../../../shared/rules/pass-checkout';
import { computePassWindow, type PassWindowProblem } from '../../../shared/rules/pass-times';
import type { StoragePort } from '../../adapters/storage/storage-port';
import type { Database, Transaction } from '../../db/client';
import {
  type CustomerRow,
  customers,
  issuedPasses,
  type PassProductRow,
  passAccessCodes,
  passRegistrationProofs,
  signupCodes,
  type TenantRow,
} from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { consumeGuestCode } from '../customers';
import { attachUploads, verifyUploadUrls } from '../uploads';
import { findUsableWaitlistOffer, takeWaitlistOffer, type WaitlistOfferRow } from '../waitlists';
import { checkProductRules, takeQuotaOverride } from './check-rules';
import { findEarlierIdenticalCheckout } from './duplicate-checkout';
import { consumeVerification, findUsableVerification, type VerifiedEmail } from './email-verification';
import { type HolderAddress, holderAddressOf } from './holder-address';
import { passEmailRow } from './pass-emails';
import {
  countHeldPlaces,
  countPlaces,
  findProductForSale,
  lockProduct,
  type ProductWithDetails,
} from './queries';
import { withTenantGuestQuota } from './tenant-guest-quota';
import { findSavedVehicle } from './vehicles';
import { type LockedProduct, writeIssuedPass } from './write-issued-pass';

/**
 * Getting a pass (part 2 section 4): one path for the customer's application and the guest
 * checkout. Everything that depends only on the request is checked first; everything that
 * depends on other passes (rules and quotas, the customer's maximum, capacity, single-use codes)
 * is checked under the product's row lock in the transaction that writes the pass, so two
 * checkouts racing for the last place or one code cannot both win.
 */

/** The server's text for asked times that cannot be a pass. */
const WINDOW_PROBLEM_MESSAGES = (): Record<PassWindowProblem, string> => ({
  past: passMessages.startInPast,
  order: passMessages.endBeforeStart,
  'too-long': passMessages.passTooLong,
  'starts-now': passMessages.passStartsNow,
});

/** Which call it came through: each accepts only the outcomes it can answer. */

export type IssueChannel = 'customer' | 'guest-free' | 'guest-paid' | 'guest-check';

type Outcome = IssueResponse['outcome'];

export const soldOut = () => new AppError(409, 'sold_out', passMessages.soldOut);
const invalidAccessCode = () => new AppError(409, 'invalid_access_code', passMessages.invalidAccessCode);

/**
 * Takes the product's row lock (unless the issue's writes took it) and checks its places: the
 * passes holding one, this transaction's own new pass included when `isCounted`, must fit its
 * capacity. Taken at the transaction's end, the lock is held for this count and the commit only;
 * a later issue of the product waits for the commit and its count (a new snapshot under READ
 * COMMITTED) sees the committed pass.
 */
async function claimPlace(
  tx: Transaction,
  options: {
    tenantId: string;
    productId: string;
    now: Date;
    isCounted: boolean;
    offer: WaitlistOfferRow | null;
    passId: string | null;
    /** The product as the issue's writes locked it (decision 247); null to lock it here. */
    locked: LockedProduct | null;
  },
): Promise<void> {
  const locked = options.locked ?? (await lockProduct(tx, options.tenantId, options.productId));
  if (!locked) throw notFound('Pass');
  if (options.offer) {
    // The offer's place is this checkout's: taken once, while the offer runs (decision 210).
    await takeWaitlistOffer(tx, { offer: options.offer, passId: options.passId, now: options.now });
  }
  if (locked.capacity === null) return;
  // One statement counts the places (and the people waiting, for a product with a waitlist).
  const { held, waiting } =
    !options.offer && locked.hasWaitlist
      ? await countPlaces(tx, options.tenantId, options.productId, options.now)
      : { held: await countHeldPlaces(tx, options.tenantId, options.productId, options.now), waiting: 0 };
  if (held > locked.capacity || (!options.isCounted && held >= locked.capacity)) throw soldOut();
  // While people wait, a freed place is theirs: it is offered to the first in line, not sold.
  if (waiting > 0) throw soldOut();
}

/** The outcome of section 4 a product leads to. */
export function outcomeOf(product: Pick<PassProductRow, 'isAutoApproved' | 'amount'>): Outcome {
  if (!product.isAutoApproved) return 'submitted';
  return product.amount === 0 ? 'issued' : 'payment';
}

const STATUS_BY_OUTCOME = { submitted: 'waiting', issued: 'paid', payment: 'incomplete' } as const;

/** The request in one shape, whichever payload it came in. */
interface PassRequest {
  productId: string;
  isGuest: boolean;
  email: string | null;
  fullname: string | null;
  date: string | null;
  endDate: string | null;
  vehicle: {
    plate: string;
    state: string | null;
    make: string | null;
    model: string | null;
    color: string | null;
  } | null;
  vehicleUUID: string | null;
  holder: HolderAddress & {
    label: string | null;
    phone: string | null;
    buildingBusiness: string | null;
    emergencyName: string | null;
    emergencyEmail: string | null;
    emergencyNumber: string | null;
  };
  formFields: Array<{ label: string; value: string }>;
  proofUrls: string[];
  permitCode: string | null;
  guestCode: string | null;
  verificationToken: string | null;
  /** The token of a waitlist offer's link: the place held for its holder (decision 210). */
  waitlistOffer: string | null;
}

function holderOf(body: CheckoutPayload | IssuePayload, phone: string | null): PassRequest['holder'] {
  return {
    name: body.holderName,
    label: body.holderLabel,
    email: body.holderEmail,
    address1: body.holderAddress1,
    address2: body.holderAddress2,
    city: body.holderCity,
    state: body.holderState,
    zip: body.holderZip,
    country: body.holderCountry,
    phone,
    buildingBusiness: body.buildingBusiness,
    lotName: body.lotName,
    emergencyName: body.emergencyName,
    emergencyEmail: body.emergencyEmail,
    emergencyNumber: body.emergencyNumber,
  };
}

function proofUrlsOf(body: CheckoutPayload | IssuePayload): string[] {
  const urls = [...(body.regImgURLs ?? []), ...(body.regImgURL ? [body.regImgURL] : [])];
  return [...new Set(urls)];
}

export function fromCheckoutPayload(body: CheckoutPayload, isSignedIn: boolean): PassRequest {
  return {
    productId: body.permitProductUUID,
    isGuest: !isSignedIn,
    email: body.email,
    fullname: body.fullname,
    date: body.date ?? null,
    endDate: body.endDate ?? null,
    vehicle: body.vehicle ?? null,
    vehicleUUID: body.vehicleUUID ?? null,
    holder: holderOf(body, body.holderPhonenumber ?? body.phonenumber),
    formFields: body.formFields ?? [],
    proofUrls: proofUrlsOf(body),
    permitCode: body.permitCode,
    guestCode: body.guestCode,
    verificationToken: body.emailVerificationToken ?? null,
    waitlistOffer: body.waitlistOffer ?? null,
  };
}

export function fromIssuePayload(body: IssuePayload): PassRequest {
  return {
    productId: body.permitProductUUID,
    isGuest: false,
    email: null,
    fullname: null,
    date: body.startDate ?? body.date ?? null,
    endDate: body.endDate ?? null,
    vehicle: null,
    vehicleUUID: body.vehicleUUID ?? null,
    holder: holderOf(body, body.phonenumber),
    formFields: body.formFields ?? [],
    proofUrls: proofUrlsOf(body),
    permitCode: body.permitCode,
    guestCode: body.guestCode,
    verificationToken: null,
    waitlistOffer: body.waitlistOffer ?? null,
  };
}

interface IssueOptions {
  db: Database;
  storage: StoragePort;
  tenant: TenantRow;
  tenantUrl: string;
  customer: CustomerRow | null;
  channel: IssueChannel;
  request: PassRequest;
  now: Date;
  /** DUPLICATE_CHECKOUT_WINDOW_SECONDS: an identical checkout this recent answers its pass. */
  duplicateWindowSeconds: number;
}

/** A business product is sold to members of its business account (or of any, when it has none). */
function canBuy(product: PassProductRow, customer: CustomerRow | null): boolean {
  if (!product.isBusinessProduct) return true;
  if (!customer?.businessAccountId) return false;
  return product.businessAccountId === null || product.businessAccountId === customer.businessAccountId;
}

/** Issues a pass through one of the calls that create one; answers its permitIssuedUUID. */
export async function issuePass(
  options: IssueOptions & { channel: Exclude<IssueChannel, 'guest-check'> },
): Promise<IssueResponse> {
  return (await runIssue(options)) as IssueResponse;
}

/** Every check of an issue, under the same locks, writing nothing (guest paid checkallowed). */
export async function checkPassAllowed(options: Omit<IssueOptions, 'channel'>): Promise<{ isAllowed: true }> {
  await runIssue({ ...options, channel: 'guest-check' });
  return { isAllowed: true };
}

/** Answers the checks of an issue and, unless `channel` is 'guest-check', writes the pass. */
async function runIssue(options: IssueOptions): Promise<IssueResponse | { isAllowed: true }> {
  const { db, tenant, customer, request, now, channel } = options;
  // The product, its details, its rules and an unlocked count of its places: one statement.
  // An issue also draws its pass's number and reads how its email is written (decision 247), for
  // the address the request gives; an email verification may give another, read when known.
  const recipient = (customer?.email ?? request.email)?.trim() ?? null;
  const details = await findProductForSale(
    db,
    tenant.id,
    request.productId,
    now,
    channel === 'guest-check' ? undefined : { recipient },
  );
  if (!details) throw notFound('Pass');
  const product = details.row;
  if (!canBuy(product, customer)) throw forbidden('This pass is for business accounts only.');
  const outcome = outcomeOf(product);
  if (channel === 'guest-free' && outcome === 'payment') throw badRequest(inputErrorMessages.mustBePaid);
  if (channel === 'guest-paid' && outcome !== 'payment')
    throw badRequest(inputErrorMessages.nothingToPayFree);

  // Email verification: the address comes from the link, not from the form.
  let verification: VerifiedEmail | null = null;
  if (product.isEmailVerify && !customer) {
    if (!request.verificationToken)
      throw new AppError(403, 'verification_required', passMessages.verificationRequired);
    verification = await findUsableVerification(db, {
      tenantId: tenant.id,
      productId: product.id,
      token: request.verificationToken,
      now,
    });
  }

  const vehicle = await resolveVehicle(options, product);
  const problem = findCheckoutProblem(
    { ...product, formFields: details.formFields },
    {
      isGuest: request.isGuest,
      guestCode: request.guestCode,
      email: verification?.email ?? request.email,
      isEmailVerified: verification !== null,
      date: request.date,
      endDate: request.endDate,
      hasVehicle: vehicle !== null && vehicle.plate.length > 0,
      holder: request.holder,
      formFields: request.formFields,
      proofCount: request.proofUrls.length,
    },
  );
  if (problem) throw new AppError(400, problem.code, problem.message);
  const window = computePassWindow(
    { ...product, dailyWindow: details.dailyWindow },
    request,
    now,
    tenant.timezone,
  );
  if (!window.ok) {
    throw new AppError(400, 'pass_validation', WINDOW_PROBLEM_MESSAGES()[window.reason]);
  }
  const formFields = answeredFields(details, request.formFields);
  await verifyUploadUrls({
    db,
    storage: options.storage,
    tenant,
    purpose: 'pass-proof',
    fileUrls: request.proofUrls,
    now,
  });

  const registrant = {
    customerId: customer?.id ?? verification?.customerId ?? null,
    email: customer?.email ?? verification?.email ?? request.email,
    name: customer?.fullname || request.fullname || request.holder.name,
  };
  // The product's rules, with the tenant's guest quota where a visitor product has none (decision 249).
  const rules = withTenantGuestQuota(details.rules, product, tenant);
  const offer = request.waitlistOffer
    ? await findUsableWaitlistOffer(db, {
        tenantId: tenant.id,
        productId: product.id,
        token: request.waitlistOffer,
        now,
      })
    : null;
  const hours = (window.end.getTime() - window.start.getTime()) / 3_600_000;

  return db.transaction(async (tx) => {
    if (channel !== 'guest-check') {
      const earlier = await findEarlierIdenticalCheckout(
        tx,
        {
          tenantId: tenant.id,
          productId: product.id,
          email: registrant.email,
          plate: vehicle?.plate ?? null,
          start: window.start,
        },
        { now, windowSeconds: options.duplicateWindowSeconds },
      );
      if (earlier) return { permitIssuedUUID: earlier.id, paidStatus: earlier.paidStatus, outcome };
    }
    // Sold out already, by the count read with the product (the offer being taken up is this
    // checkout's place): refused before any write; the claim at the end decides the close calls.
    if (product.capacity !== null && details.heldCount - (offer ? 1 : 0) >= product.capacity) throw soldOut();
    // A quota counts this product's other passes, so it is checked under the product's lock from
    // the start; otherwise the lock is taken last, only to count the places (decision 177).
    const hasQuota = rules?.quotaCount != null;
    if (hasQuota && !(await lockProduct(tx, tenant.id, product.id))) throw notFound('Pass');
    const businessAccountId = product.isBusinessProduct ? (customer?.businessAccountId ?? null) : null;
    const { overrideId } = await checkProductRules(tx, {
      tenantId: tenant.id,
      productId: product.id,
      rules,
      subjects: {
        customerId: registrant.customerId,
        email: registrant.email,
        plate: vehicle?.plate ?? null,
        businessAccountId,
      },
      addingHours: hours,
      now,
      timeZone: tenant.timezone,
      useOverride: true,
    });
    await checkMaximumPermits(tx, tenant, registrant.customerId, now);
    if (channel === 'guest-check') {
      await claimPlace(tx, {
        tenantId: tenant.id,
        productId: product.id,
        now,
        isCounted: false,
        offer,
        passId: null,
        locked: null,
      });
      await checkCodesUsable(tx, { tenant, product, details, request });
      return { isAllowed: true as const };
    }

    const paidStatus = STATUS_BY_OUTCOME[outcome];
    const drawn = details.issue;
    if (!drawn) throw new Error('The product read of an issue drew no pass number.');
    const pass = {
      // Made here, not by the database, so the pass's rows and its email go in one statement.
      id: randomUUID(),
      customerPermitId: drawn.passNumber,
      tenantId: tenant.id,
      productId: product.id,
      customerId: registrant.customerId,
      businessAccountId,
      paidStatus,
      issuedOn: window.start,
      expiresAt: window.end,
      amount: product.amount,
      currency: product.currency,
      customerName: registrant.name || null,
      customerEmail: registrant.email,
      customFormFields: formFields,
      reservedUntil:
        paidStatus === 'incomplete'
          ? new Date(now.getTime() + tenant.unpaidReservationMinutes * 60_000)
          : null,
      createdAt: now,
      updatedAt: now,
    };
    // Steps that need the pass written and come before the count keep their order (codes,
    // verification, quota override, proofs, a waitlist offer): the lock is then taken by the
    // count, after them, as before (decision 177). Otherwise the writes take it (decision 247).
    const hasStepsBeforeCount =
      details.hasAccessCodes ||
      product.isSignupCodeRequired ||
      product.needsGuestCode ||
      verification !== null ||
      overrideId !== null ||
      request.proofUrls.length > 0 ||
      offer !== null;
    const locked = await writeIssuedPass(tx, {
      pass,
      ...passDetailRows({ tenant, product, passId: pass.id, request, vehicle }),
      email: await passEmailRow(tx, {
        facts: { tenant, tenantUrl: options.tenantUrl, pass, productName: product.name, now },
        paidStatus,
        formatting: registrant.email?.trim() === recipient ? drawn.formatting : null,
      }),
      lock: hasStepsBeforeCount ? null : { tenantId: tenant.id, productId: product.id },
    });
    if (!hasStepsBeforeCount && !locked) throw notFound('Pass');

    await consumeCodes(tx, {
      tenant,
      product,
      details,
      request,
      passId: pass.id,
      customerId: registrant.customerId,
      now,
    });
    if (verification) await consumeVerification(tx, verification.id, now);
    if (overrideId) {
      await takeQuotaOverride(tx, {
        tenantId: tenant.id,
        overrideId,
        passId: pass.id,
        now,
        timeZone: tenant.timezone,
      });
    }
    if (request.proofUrls.length > 0) {
      await attachUploads(tx, { tenantId: tenant.id, purpose: 'pass-proof', fileUrls: request.proofUrls });
      await tx.insert(passRegistrationProofs).values(
        request.proofUrls.map((fileUrl, position) => ({
          tenantId: tenant.id,
          passId: pass.id,
          fileUrl,
          position,
        })),
      );
    }
    // Last, so the product's lock is held only for the count and the commit (decision 177).
    await claimPlace(tx, {
      tenantId: tenant.id,
      productId: product.id,
      now,
      isCounted: true,
      offer,
      passId: pass.id,
      locked,
    });
    return { permitIssuedUUID: pass.id, paidStatus, outcome };
  });
}

/** The pass's vehicle: a saved one (vehicleUUID) or the typed one; plate only for plate-only products. */
async function resolveVehicle(options: IssueOptions, product: PassProductRow) {
  const { request, customer, tenant, db } = options;
  let vehicle = request.vehicle ? { ...request.vehicle, customerVehicleId: null as string | null } : null;
  if (request.vehicleUUID) {
    // A saved vehicle is only ever one's own; anyone else's is as unknown as a made-up id.
    const saved = customer
      ? await findSavedVehicle(db, {
          tenantId: tenant.id,
          customerId: customer.id,
          vehicleId: request.vehicleUUID,
        })
      : null;
    if (!saved) throw notFound('Vehicle');
    vehicle = {
      plate: saved.plate,
      state: saved.state,
      make: saved.make,
      model: saved.model,
      color: saved.color,
      customerVehicleId: saved.id,
    };
  }
  if (vehicle && product.isPlateOnly)
    vehicle = { ...vehicle, state: null, make: null, model: null, color: null };
  return vehicle;
}

/** The product's custom fields with the answers given (by label); nothing the product does not ask. */
function answeredFields(details: ProductWithDetails, answers: PassRequest['formFields']) {
  const byLabel = new Map(answers.map((field) => [field.label, field.value]));
  return details.formFields.map((field) => ({ label: field.label, value: byLabel.get(field.label) ?? '' }));
}

/**
 * maxPermitCountPerCustomer: the account's active or upcoming valid passes. The customer row is
 * locked so two checkouts of different products cannot both take the last one.
 */
async function checkMaximumPermits(tx: Transaction, tenant: TenantRow, customerId: string | null, now: Date) {
  const limit = tenant.maxPermitCountPerCustomer;
  if (limit === null || !customerId) return;
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(issuedPasses)
    .where(
      and(
        eq(issuedPasses.tenantId, tenant.id),
        eq(issuedPasses.customerId, customerId),
        eq(issuedPasses.paidStatus, 'paid'),
        gt(issuedPasses.expiresAt, now),
      ),
    );
  if ((row?.count ?? 0) >= limit) {
    throw new AppError(
      409,
      'max_permits_reached',
      `${passMessages.maxPermitsTitle} ${formatPassMessage(passMessages.maxPermitsBody, { count: limit })}`,
    );
  }
}

interface CodeContext {
  tenant: TenantRow;
  product: PassProductRow;
  details: ProductWithDetails;
  request: PassRequest;
}

/** 'guest-check' only looks: the codes must be there and unused, nothing is taken. */
async function checkCodesUsable(tx: Transaction, context: CodeContext) {
  const { tenant, product, details, request } = context;
  if (details.hasAccessCodes) {
    if (!request.permitCode) throw invalidAccessCode();
    const [code] = await tx
      .select({ id: passAccessCodes.id })
      .from(passAccessCodes)
      .where(
        and(
          eq(passAccessCodes.tenantId, tenant.id),
          eq(passAccessCodes.productId, product.id),
          eq(passAccessCodes.code, request.permitCode),
          isNull(passAccessCodes.usedAt),
        ),
      );
    if (!code) throw invalidAccessCode();
  } else if (product.isSignupCodeRequired) {
    if (!request.permitCode) throw invalidAccessCode();
    const [code] = await tx
      .select({ id: signupCodes.id })
      .from(signupCodes)
      .where(
        and(
          eq(signupCodes.tenantId, tenant.id),
          eq(signupCodes.code, request.permitCode),
          isNull(signupCodes.usedAt),
        ),
      );
    if (!code) throw invalidAccessCode();
  }
  if (product.needsGuestCode) {
    const [owner] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          eq(customers.tenantId, tenant.id),
          eq(customers.guestCode, request.guestCode ?? ''),
          eq(customers.isGuestCodesActive, true),
        ),
      );
    if (!owner) throw new AppError(400, 'invalid_guest_code', passMessages.guestCodeInvalid);
  }
}

/**
 * Takes the single-use codes in the issuing transaction: an access code of the product (or, for a
 * product that asks for one, a sign-up code of the tenant) and the guest code, which is replaced.
 * The conditional update is the guard: of two checkouts with one code, one finds it used.
 */
async function consumeCodes(
  tx: Transaction,
  context: CodeContext & { passId: string; customerId: string | null; now: Date },
) {
  const { tenant, product, details, request, passId, now } = context;
  if (details.hasAccessCodes) {
    if (!request.permitCode) throw invalidAccessCode();
    const used = await tx
      .update(passAccessCodes)
      .set({ usedAt: now, usedByPassId: passId })
      .where(
        and(
          eq(passAccessCodes.tenantId, tenant.id),
          eq(passAccessCodes.productId, product.id),
          eq(passAccessCodes.code, request.permitCode),
          isNull(passAccessCodes.usedAt),
        ),
      )
      .returning({ id: passAccessCodes.id });
    if (used.length === 0) throw invalidAccessCode();
  } else if (product.isSignupCodeRequired) {
    if (!request.permitCode) throw invalidAccessCode();
    const used = await tx
      .update(signupCodes)
      .set({ usedAt: now, usedByCustomerId: context.customerId })
      .where(
        and(
          eq(signupCodes.tenantId, tenant.id),
          eq(signupCodes.code, request.permitCode),
          isNull(signupCodes.usedAt),
        ),
      )
      .returning({ id: signupCodes.id });
    if (used.length === 0) throw invalidAccessCode();
  }
  if (product.needsGuestCode) {
    const owner = await consumeGuestCode(tx, { tenantId: tenant.id, code: request.guestCode ?? '' });
    if (!owner) throw new AppError(400, 'invalid_guest_code', passMessages.guestCodeInvalid);
  }
}

/** The pass's holder (when the request names any of it) and its vehicle, as rows to insert. */
function passDetailRows(options: {
  tenant: TenantRow;
  product: PassProductRow;
  passId: string;
  request: PassRequest;
  vehicle: Awaited<ReturnType<typeof resolveVehicle>>;
}) {
  const { tenant, passId, request, vehicle } = options;
  const { holder } = request;
  return {
    holder: Object.values(holder).some((value) => value !== null)
      ? {
          passId,
          tenantId: tenant.id,
          ...holderAddressOf(holder),
          label: options.product.labelDescriptor === 'None' ? null : holder.label,
          phoneNumber: holder.phone,
          buildingBusiness: holder.buildingBusiness,
          emergencyName: holder.emergencyName,
          emergencyNumber: holder.emergencyNumber,
          emergencyEmail: holder.emergencyEmail,
        }
      : null,
    vehicle: vehicle
      ? {
          tenantId: tenant.id,
          passId,
          customerVehicleId: vehicle.customerVehicleId,
          plate: vehicle.plate,
          state: vehicle.state,
          make: vehicle.make,
          model: vehicle.model,
          color: vehicle.color,
          isPrimary: true,
          isActive: true,
        }
      : null,
  };
}
