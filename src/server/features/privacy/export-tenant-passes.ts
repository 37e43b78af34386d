import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { FixtureDocumentInput } from '../../db/fixtures/document';
import type { ProductFixture } from '../../db/fixtures/entities/products';
import {
  businessAccounts,
  customers,
  issuedPasses,
  passAccessCodes,
  passProductFormFields,
  passProductImages,
  passProductRules,
  passProducts,
  passVehicles,
  permitHolders,
  signupCodes,
} from '../../db/schema';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A tenant's lists as the fixture format takes them (its input, before defaults). */
type TenantFixtureInput = FixtureDocumentInput['tenants'][number];
type PassFixtureInput = NonNullable<TenantFixtureInput['passes']>[number];
type SignupCodeFixtureInput = NonNullable<TenantFixtureInput['signupCodes']>[number];

/**
 * The product columns that the fixture format names alike; the rest (its business account, dates,
 * rules, lists) are written out one by one below. A test holds this list to the fixture format.
 */
export const PRODUCT_FIELDS_AS_STORED = [
  'name',
  'description',
  'amount',
  'currency',
  'billingType',
  'billingPeriod',
  'permitDuration',
  'permitDurationUnit',
  'timeSelectionType',
  'advancedType',
  'isAutoApproved',
  'isEmailVerify',
  'isSignupCodeRequired',
  'isRegImgRequired',
  'needsGuestCode',
  'guestFieldsType',
  'guestNeedsPermitHolderInfo',
  'isMinPermitHolderInfo',
  'labelDescriptor',
  'documentUploadCopy',
  'isPlateOnly',
  'footerCopy',
  'footerCopyAboveCheckout',
  'isVisitorOnly',
  'isBusinessProduct',
  'capacity',
  'maxVehiclesPerPermit',
  'maxActiveVehiclesPerPermit',
  'canEditTimes',
  'residencyRule',
  'hasWaitlist',
  'waitlistOfferHours',
  'shortReminderMinutes',
  'allowsExtension',
] as const satisfies ReadonlyArray<keyof typeof passProducts.$inferSelect & keyof ProductFixture>;

/** The product fields written out by hand: with the list above, every key of the fixture format. */
export const PRODUCT_FIELDS_WRITTEN_OUT = [
  'uuid',
  'chosenDate',
  'chosenEndDate',
  'businessAccount',
  'archivedAt',
  'rules',
  /** Stored as the product's quota rule, so written out inside `rules`. */
  'guestQuota',
  'formFields',
  'images',
  'accessCodes',
  /** Demo and test data only: the export leaves a product's waitlist out (its offers are live links). */
  'waitlist',
] as const satisfies ReadonlyArray<keyof ProductFixture>;

type ProductRow = typeof passProducts.$inferSelect;
type RulesRow = typeof passProductRules.$inferSelect;

type StoredProductField = (typeof PRODUCT_FIELDS_AS_STORED)[number];

const storedProductFields = (product: ProductRow) =>
  Object.fromEntries(PRODUCT_FIELDS_AS_STORED.map((field) => [field, product[field]])) as Pick<
    ProductRow,
    StoredProductField
  >;

function rulesFixture(rules: RulesRow) {
  return {
    ...(rules.salesStart ? { salesStart: rules.salesStart.toISOString() } : {}),
    ...(rules.salesEnd ? { salesEnd: rules.salesEnd.toISOString() } : {}),
    ...(rules.weekdays ? { weekdays: rules.weekdays } : {}),
    ...(rules.hoursFrom && rules.hoursTo ? { hours: { from: rules.hoursFrom, to: rules.hoursTo } } : {}),
    ...(rules.windowFrom && rules.windowTo
      ? { dailyWindow: { from: rules.windowFrom, to: rules.windowTo } }
      : {}),
    blackoutDates: rules.blackoutDates,
    ...(rules.quotaCount && rules.quotaPeriod && rules.quotaPer
      ? {
          quota: {
            count: rules.quotaCount,
            period: rules.quotaPeriod,
            periodLength: rules.quotaPeriodLength ?? 1,
            per: rules.quotaPer,
            measure: rules.quotaMeasure ?? 'passes',
          },
        }
      : {}),
  };
}

/** Groups rows by a key, keeping their order. */
function groupBy<T>(rows: T[], keyOf: (row: T) => string) {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return groups;
}

/**
 * Products in catalogue order with their rules, form fields, images and unused access codes
 * (a spent code goes with the history: loading it would make it usable again).
 */
export async function exportProducts(db: Database, tenantId: string) {
  const [rows, rules, fields, images, codes, businesses] = await Promise.all([
    db
      .select()
      .from(passProducts)
      .where(eq(passProducts.tenantId, tenantId))
      .orderBy(asc(passProducts.sortOrder), asc(passProducts.name)),
    db.select().from(passProductRules).where(eq(passProductRules.tenantId, tenantId)),
    db
      .select()
      .from(passProductFormFields)
      .where(eq(passProductFormFields.tenantId, tenantId))
      .orderBy(asc(passProductFormFields.position)),
    db
      .select()
      .from(passProductImages)
      .where(eq(passProductImages.tenantId, tenantId))
      .orderBy(asc(passProductImages.position)),
    db
      .select()
      .from(passAccessCodes)
      .where(and(eq(passAccessCodes.tenantId, tenantId), isNull(passAccessCodes.usedAt)))
      .orderBy(asc(passAccessCodes.code)),
    db.select().from(businessAccounts).where(eq(businessAccounts.tenantId, tenantId)),
  ]);
  const rulesOf = new Map(rules.map((row) => [row.productId, row]));
  const fieldsOf = groupBy(fields, (row) => row.productId);
  const imagesOf = groupBy(images, (row) => row.productId);
  const codesOf = groupBy(codes, (row) => row.productId);
  const businessName = new Map(businesses.map((business) => [business.id, business.name]));
  return rows.map((product: ProductRow) => {
    const productRules = rulesOf.get(product.id);
    return {
      uuid: product.id,
      ...storedProductFields(product),
      chosenDate: iso(product.chosenDate),
      chosenEndDate: iso(product.chosenEndDate),
      businessAccount: product.businessAccountId
        ? (businessName.get(product.businessAccountId) ?? null)
        : null,
      archivedAt: iso(product.archivedAt),
      ...(productRules ? { rules: rulesFixture(productRules) } : {}),
      formFields: (fieldsOf.get(product.id) ?? []).map(({ label, value }) => ({ label, value })),
      images: (imagesOf.get(product.id) ?? []).map(({ url }) => url),
      accessCodes: (codesOf.get(product.id) ?? []).map(({ code }) => code),
    };
  });
}

const vehicleFields = ({ plate, state, make, model, color }: typeof passVehicles.$inferSelect) => ({
  plate,
  state,
  make,
  model,
  color,
});

/**
 * Issued passes with their vehicles, holder and form answers. A recurring pass's subscription
 * lives with the payment provider and cannot move: it is listed in the history, not linked here.
 */
export async function exportPasses(db: Database, tenantId: string): Promise<PassFixtureInput[]> {
  const [rows, vehicles, holders] = await Promise.all([
    db
      .select({
        pass: issuedPasses,
        product: passProducts.name,
        customerEmail: customers.email,
        businessAccount: businessAccounts.name,
      })
      .from(issuedPasses)
      .innerJoin(passProducts, eq(passProducts.id, issuedPasses.productId))
      .leftJoin(customers, eq(customers.id, issuedPasses.customerId))
      .leftJoin(businessAccounts, eq(businessAccounts.id, issuedPasses.businessAccountId))
      .where(eq(issuedPasses.tenantId, tenantId))
      .orderBy(asc(issuedPasses.issuedOn), asc(issuedPasses.customerPermitId)),
    db
      .select()
      .from(passVehicles)
      .where(eq(passVehicles.tenantId, tenantId))
      .orderBy(asc(passVehicles.createdAt), asc(passVehicles.plate)),
    db.select().from(permitHolders).where(eq(permitHolders.tenantId, tenantId)),
  ]);
  const vehiclesOf = groupBy(vehicles, (row) => row.passId);
  const holderOf = new Map(holders.map((row) => [row.passId, row]));
  return rows.map(({ pass, product, customerEmail, businessAccount }) => {
    const passVehicleRows = vehiclesOf.get(pass.id) ?? [];
    const primary = passVehicleRows.find((vehicle) => vehicle.isPrimary);
    const holder = holderOf.get(pass.id);
    const { passId: _pass, tenantId: _tenant, updatedAt: _updated, ...holderFields } = holder ?? {};
    return {
      uuid: pass.id,
      customerPermitId: pass.customerPermitId,
      product,
      customerEmail: customerEmail ?? null,
      businessAccount: businessAccount ?? null,
      paidStatus: pass.paidStatus,
      issuedOn: pass.issuedOn.toISOString(),
      expiresAt: pass.expiresAt.toISOString(),
      amount: pass.amount,
      currency: pass.currency,
      ...(primary ? { vehicle: vehicleFields(primary) } : {}),
      secondaryVehicles: passVehicleRows
        .filter((vehicle) => !vehicle.isPrimary)
        .map((vehicle) => ({ ...vehicleFields(vehicle), isActive: vehicle.isActive })),
      ...(holder ? { permitHolder: holderFields as PassFixtureInput['permitHolder'] } : {}),
      customFormFields: pass.customFormFields.map(({ label, value }) => ({ label, value })),
      reservedUntil: iso(pass.reservedUntil),
      approvalMessage: pass.approvalMessage,
      subscriptionRef: null,
      receiptUrl: pass.receiptUrl,
    } satisfies PassFixtureInput;
  });
}

export async function exportSignupCodes(db: Database, tenantId: string): Promise<SignupCodeFixtureInput[]> {
  const rows = await db
    .select()
    .from(signupCodes)
    .where(eq(signupCodes.tenantId, tenantId))
    .orderBy(asc(signupCodes.code));
  return rows.map(({ code, usedAt }) => ({
    code,
    isUsed: usedAt !== null,
    ...(usedAt ? { usedAt: usedAt.toISOString() } : {}),
  }));
}
