import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ConsoleProduct, ProductEditorValues } from '../../../shared/contract';
import type { AdvancedType, GuestFieldsType, TimeSelectionType } from '../../../shared/rules/pass-values';
import type { StoragePort } from '../../adapters/storage/storage-port';
import type { Database, Transaction } from '../../db/client';
import { runQueries } from '../../db/run-queries';
import {
  issuedPasses,
  type PassProductRow,
  type PassProductRulesRow,
  passAccessCodes,
  passProductFormFields,
  passProductImages,
  passProductRules,
  passProducts,
} from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { isUniqueViolation } from '../customers';
import { holdsCapacity, sanitiseRichText } from '../passes';
import { attachUploads, verifyUploadUrls } from '../uploads';
import type { OperatorContext } from './operator-context';

type Reader = Database | Transaction;

/**
 * Pass products in the console: every field of the Permit product, its form fields, images and
 * sales rules, written in one transaction with its audit entry (before and after).
 */

interface ProductCounts {
  heldCount: number;
  unusedCodeCount: number;
  usedCodeCount: number;
}

function toRules(row: PassProductRulesRow | undefined): ConsoleProduct['rules'] {
  const quota =
    row?.quotaCount && row.quotaPeriod && row.quotaPer
      ? {
          count: row.quotaCount,
          period: row.quotaPeriod,
          periodLength: row.quotaPeriodLength ?? 1,
          per: row.quotaPer,
          measure: row.quotaMeasure ?? 'passes',
        }
      : null;
  return {
    salesStart: row?.salesStart?.toISOString() ?? null,
    salesEnd: row?.salesEnd?.toISOString() ?? null,
    weekdays: row?.weekdays ?? null,
    hoursFrom: row?.hoursFrom ?? null,
    hoursTo: row?.hoursTo ?? null,
    dailyWindow: row?.windowFrom && row.windowTo ? { from: row.windowFrom, to: row.windowTo } : null,
    blackoutDates: row?.blackoutDates ?? [],
    quota,
  };
}

function toConsoleProduct(
  row: PassProductRow,
  details: {
    formFields: Array<{ label: string; value: string }>;
    images: string[];
    rules: PassProductRulesRow | undefined;
    counts: ProductCounts;
  },
): ConsoleProduct {
  return {
    uuid: row.id,
    name: row.name,
    description: row.description,
    amount: row.amount,
    currency: row.currency,
    billingType: row.billingType,
    billingPeriod: row.billingPeriod,
    permitDuration: row.permitDuration,
    permitDurationUnit: row.permitDurationUnit,
    timeSelectionType: row.timeSelectionType,
    chosenDate: row.chosenDate?.toISOString() ?? null,
    chosenEndDate: row.chosenEndDate?.toISOString() ?? null,
    advancedType: row.advancedType,
    isAutoApproved: row.isAutoApproved,
    isEmailVerify: row.isEmailVerify,
    isSignupCodeRequired: row.isSignupCodeRequired,
    isRegImgRequired: row.isRegImgRequired,
    needsGuestCode: row.needsGuestCode,
    guestFieldsType: row.guestFieldsType,
    guestNeedsPermitHolderInfo: row.guestNeedsPermitHolderInfo,
    isMinPermitHolderInfo: row.isMinPermitHolderInfo,
    labelDescriptor: row.labelDescriptor,
    documentUploadCopy: row.documentUploadCopy,
    isPlateOnly: row.isPlateOnly,
    footerCopy: row.footerCopy,
    footerCopyAboveCheckout: row.footerCopyAboveCheckout,
    formFields: details.formFields,
    images: details.images,
    isVisitorOnly: row.isVisitorOnly,
    isBusinessProduct: row.isBusinessProduct,
    capacity: row.capacity,
    maxVehiclesPerPermit: row.maxVehiclesPerPermit,
    maxActiveVehiclesPerPermit: row.maxActiveVehiclesPerPermit,
    canEditTimes: row.canEditTimes,
    residencyRule: row.residencyRule,
    rules: toRules(details.rules),
    dailyWindow: toRules(details.rules).dailyWindow,
    isArchived: row.archivedAt !== null,
    hasWaitlist: row.hasWaitlist,
    waitlistOfferHours: row.waitlistOfferHours,
    shortReminderMinutes: row.shortReminderMinutes,
    allowsExtension: row.allowsExtension,
    ...details.counts,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Products with everything the console shows, in catalogue order, archived ones last. */
async function withConsoleDetails(
  db: Reader,
  tenantId: string,
  rows: PassProductRow[],
  now: Date,
): Promise<ConsoleProduct[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const inProducts = (table: { tenantId: AnyPgColumn; productId: AnyPgColumn }) =>
    and(eq(table.tenantId, tenantId), inArray(table.productId, ids));
  const [fields, images, rules, codes, held] = await runQueries(db, [
    () =>
      db
        .select()
        .from(passProductFormFields)
        .where(inProducts(passProductFormFields))
        .orderBy(asc(passProductFormFields.position)),
    () =>
      db
        .select()
        .from(passProductImages)
        .where(inProducts(passProductImages))
        .orderBy(asc(passProductImages.position)),
    () => db.select().from(passProductRules).where(inProducts(passProductRules)),
    () =>
      db
        .select({
          productId: passAccessCodes.productId,
          unused: sql<number>`count(*) FILTER (WHERE ${passAccessCodes.usedAt} IS NULL)::int`,
          used: sql<number>`count(*) FILTER (WHERE ${passAccessCodes.usedAt} IS NOT NULL)::int`,
        })
        .from(passAccessCodes)
        .where(inProducts(passAccessCodes))
        .groupBy(passAccessCodes.productId),
    () =>
      db
        .select({ productId: issuedPasses.productId, count: sql<number>`count(*)::int` })
        .from(issuedPasses)
        .where(and(inProducts(issuedPasses), holdsCapacity(now)))
        .groupBy(issuedPasses.productId),
  ]);
  return rows.map((row) => {
    const codeCounts = codes.find((entry) => entry.productId === row.id);
    return toConsoleProduct(row, {
      formFields: fields
        .filter((field) => field.productId === row.id)
        .map((field) => ({ label: field.label, value: field.value })),
      images: images.filter((image) => image.productId === row.id).map((image) => image.url),
      rules: rules.find((entry) => entry.productId === row.id),
      counts: {
        heldCount: held.find((entry) => entry.productId === row.id)?.count ?? 0,
        unusedCodeCount: codeCounts?.unused ?? 0,
        usedCodeCount: codeCounts?.used ?? 0,
      },
    });
  });
}

export async function listConsoleProducts(db: Database, tenantId: string, now: Date) {
  const rows = await db
    .select()
    .from(passProducts)
    .where(eq(passProducts.tenantId, tenantId))
    .orderBy(
      sql`${passProducts.archivedAt} IS NOT NULL`,
      asc(passProducts.sortOrder),
      asc(passProducts.name),
    );
  return withConsoleDetails(db, tenantId, rows, now);
}

/** Any product of the tenant, archived or not (404 otherwise). */
export async function findConsoleProductRow(
  db: Reader,
  tenantId: string,
  productId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PassProductRow> {
  const query = db
    .select()
    .from(passProducts)
    .where(and(eq(passProducts.tenantId, tenantId), eq(passProducts.id, productId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Pass product');
  return row;
}

export async function getConsoleProduct(db: Reader, tenantId: string, productId: string, now: Date) {
  const row = await findConsoleProductRow(db, tenantId, productId);
  return (await withConsoleDetails(db, tenantId, [row], now))[0]!;
}

/** The product row's columns from the editor's values (rich text sanitised here, on the server). */
function productColumns(values: ProductEditorValues, now: Date, archivedAt: Date | null) {
  return {
    name: values.name,
    description: values.description,
    amount: values.amount,
    billingType: values.billingType,
    billingPeriod: values.billingPeriod,
    permitDuration: values.permitDuration,
    permitDurationUnit: values.permitDurationUnit,
    timeSelectionType: values.timeSelectionType as TimeSelectionType,
    chosenDate: values.chosenDate ? new Date(values.chosenDate) : null,
    chosenEndDate: values.chosenEndDate ? new Date(values.chosenEndDate) : null,
    advancedType: values.advancedType as AdvancedType,
    isAutoApproved: values.isAutoApproved,
    isEmailVerify: values.isEmailVerify,
    isSignupCodeRequired: values.isSignupCodeRequired,
    isRegImgRequired: values.isRegImgRequired,
    needsGuestCode: values.needsGuestCode,
    guestFieldsType: values.guestFieldsType as GuestFieldsType,
    guestNeedsPermitHolderInfo: values.guestNeedsPermitHolderInfo,
    isMinPermitHolderInfo: values.isMinPermitHolderInfo,
    labelDescriptor: values.labelDescriptor,
    documentUploadCopy: values.documentUploadCopy,
    isPlateOnly: values.isPlateOnly,
    footerCopy: sanitiseRichText(values.footerCopy),
    footerCopyAboveCheckout: sanitiseRichText(values.footerCopyAboveCheckout),
    isVisitorOnly: values.isVisitorOnly,
    isBusinessProduct: values.isBusinessProduct,
    capacity: values.capacity,
    maxVehiclesPerPermit: values.maxVehiclesPerPermit,
    maxActiveVehiclesPerPermit: values.maxActiveVehiclesPerPermit,
    canEditTimes: values.canEditTimes,
    residencyRule: values.residencyRule,
    hasWaitlist: values.hasWaitlist,
    waitlistOfferHours: values.waitlistOfferHours,
    shortReminderMinutes: values.shortReminderMinutes,
    allowsExtension: values.allowsExtension,
    archivedAt,
    updatedAt: now,
  };
}

function hasRules(rules: ProductEditorValues['rules']): boolean {
  return Boolean(
    rules.salesStart ||
      rules.salesEnd ||
      rules.weekdays ||
      rules.hoursFrom ||
      rules.dailyWindow ||
      rules.blackoutDates.length > 0 ||
      rules.quota,
  );
}

/** Replaces the product's form fields, images and rules with the editor's. */
async function replaceDetails(
  tx: Transaction,
  tenantId: string,
  productId: string,
  values: ProductEditorValues,
) {
  const scope = (table: typeof passProductFormFields | typeof passProductImages) =>
    and(eq(table.tenantId, tenantId), eq(table.productId, productId));
  await tx.delete(passProductFormFields).where(scope(passProductFormFields));
  if (values.formFields.length > 0) {
    await tx
      .insert(passProductFormFields)
      .values(values.formFields.map((field, position) => ({ tenantId, productId, position, ...field })));
  }
  await tx.delete(passProductImages).where(scope(passProductImages));
  if (values.images.length > 0) {
    await tx
      .insert(passProductImages)
      .values(values.images.map((url, position) => ({ tenantId, productId, position, url })));
  }
  await tx
    .delete(passProductRules)
    .where(and(eq(passProductRules.tenantId, tenantId), eq(passProductRules.productId, productId)));
  const { rules } = values;
  if (hasRules(rules)) {
    await tx.insert(passProductRules).values({
      tenantId,
      productId,
      salesStart: rules.salesStart ? new Date(rules.salesStart) : null,
      salesEnd: rules.salesEnd ? new Date(rules.salesEnd) : null,
      weekdays: rules.weekdays,
      hoursFrom: rules.hoursFrom,
      hoursTo: rules.hoursTo,
      windowFrom: rules.dailyWindow?.from ?? null,
      windowTo: rules.dailyWindow?.to ?? null,
      blackoutDates: rules.blackoutDates,
      quotaCount: rules.quota?.count ?? null,
      quotaPeriod: rules.quota?.period ?? null,
      quotaPeriodLength: rules.quota?.periodLength ?? null,
      quotaPer: rules.quota?.per ?? null,
      quotaMeasure: rules.quota?.measure ?? null,
    });
  }
}

export interface ProductWriteOptions {
  db: Database;
  storage: StoragePort;
  context: OperatorContext;
  values: ProductEditorValues;
  now: Date;
}

/** New pictures must be this tenant's 'product-image' uploads; ones the product shows already stay. */
async function checkNewImages(options: ProductWriteOptions, keptImages: string[]): Promise<string[]> {
  const added = options.values.images.filter((url) => !keptImages.includes(url));
  if (added.length > 0) {
    await verifyUploadUrls({
      db: options.db,
      storage: options.storage,
      tenant: options.context.tenant,
      purpose: 'product-image',
      fileUrls: added,
      now: options.now,
    });
  }
  return added;
}

const nameTaken = () => conflict('Another pass product already has this name.');

async function writeProduct(options: ProductWriteOptions, productId: string | null): Promise<ConsoleProduct> {
  const { db, context, values, now } = options;
  const tenantId = context.tenant.id;
  const before = productId ? await getConsoleProduct(db, tenantId, productId, now) : null;
  const addedImages = await checkNewImages(options, before?.images ?? []);
  try {
    return await db.transaction(async (tx) => {
      let id = productId;
      if (id && before) {
        const current = await findConsoleProductRow(tx, tenantId, id, { forUpdate: true });
        // Archiving keeps its first date; un-archiving puts the product back on sale.
        const archivedAt = values.isArchived ? (current.archivedAt ?? now) : null;
        await tx
          .update(passProducts)
          .set(productColumns(values, now, archivedAt))
          .where(and(eq(passProducts.tenantId, tenantId), eq(passProducts.id, id)));
      } else {
        const [{ next } = { next: 0 }] = await tx
          .select({ next: sql<number>`coalesce(max(${passProducts.sortOrder}) + 1, 0)::int` })
          .from(passProducts)
          .where(eq(passProducts.tenantId, tenantId));
        const [row] = await tx
          .insert(passProducts)
          .values({
            ...productColumns(values, now, values.isArchived ? now : null),
            tenantId,
            // A tenant's prices are in its one currency (decision 244).
            currency: context.tenant.currency,
            sortOrder: next,
          })
          .returning({ id: passProducts.id });
        id = row!.id;
      }
      await replaceDetails(tx, tenantId, id, values);
      await attachUploads(tx, { tenantId, purpose: 'product-image', fileUrls: addedImages });
      const after = await getConsoleProduct(tx, tenantId, id, now);
      await recordAudit(tx, {
        tenantId,
        actor: context.auditActor,
        action: before ? 'product.update' : 'product.create',
        entityType: 'product',
        entityId: id,
        ...(before ? { before: auditView(before) } : {}),
        after: auditView(after),
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'pass_products_tenant_name_key')) throw nameTaken();
    throw error;
  }
}

/** The product as the log keeps it: its settings, not the counts that change on their own. */
function auditView(product: ConsoleProduct) {
  const {
    heldCount: _held,
    unusedCodeCount: _unused,
    usedCodeCount: _used,
    updatedAt: _at,
    ...rest
  } = product;
  return rest;
}

export function createConsoleProduct(options: ProductWriteOptions) {
  return writeProduct(options, null);
}

export function updateConsoleProduct(options: ProductWriteOptions & { productId: string }) {
  return writeProduct(options, options.productId);
}

/** Whether a product of the tenant exists, archived or not (for the access-code calls). */
export async function productExists(db: Reader, tenantId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passProducts.id })
    .from(passProducts)
    .where(and(eq(passProducts.tenantId, tenantId), eq(passProducts.id, productId)));
  return Boolean(row);
}
