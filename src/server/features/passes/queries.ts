import { and, asc, eq, gt, inArray, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows, type Transaction } from '../../db/client';
import { builtOnce } from '../../db/named-statements';
import { perDatabase } from '../../db/per-database';
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
  passWaitlistEntries,
} from '../../db/schema';
import { type EmailFormatting, formattingColumns, formattingOf } from '../mail';

type Reader = Database | Transaction;

/**
 * A pass holds a place against its product's capacity while it is paid and not yet expired,
 * waiting for approval, or incomplete with its reservation still running (docs/decisions/090).
 */
export function holdsCapacity(now: Date | Placeholder): SQL {
  return or(
    and(eq(issuedPasses.paidStatus, 'paid'), gt(issuedPasses.expiresAt, now)),
    eq(issuedPasses.paidStatus, 'waiting'),
    and(eq(issuedPasses.paidStatus, 'incomplete'), gt(issuedPasses.reservedUntil, now)),
  )!;
}

/** A waitlist offer still running holds its place like a pass (decision 210). */
export function isLiveOffer(now: Date | Placeholder): SQL {
  return and(eq(passWaitlistEntries.status, 'offered'), gt(passWaitlistEntries.offerExpiresAt, now))!;
}

export interface ProductWithDetails {
  row: PassProductRow;
  formFields: Array<{ label: string; value: string }>;
  hasAccessCodes: boolean;
  /** Places held: passes holding one and waitlist offers still running. */
  heldCount: number;
  /** People waiting on the product's waitlist (a freed place goes to them first). */
  waitingCount: number;
  dailyWindow: { from: string; to: string } | null;
}

/** Products with their form fields, whether codes guard them and how many places they hold. */
async function withDetails(
  db: Reader,
  tenantId: string,
  rows: PassProductRow[],
  now: Date,
): Promise<ProductWithDetails[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [fields, codes, held, windows, line] = await runQueries(db, [
    () =>
      db
        .select()
        .from(passProductFormFields)
        .where(
          and(eq(passProductFormFields.tenantId, tenantId), inArray(passProductFormFields.productId, ids)),
        )
        .orderBy(asc(passProductFormFields.position)),
    () =>
      db
        .selectDistinct({ productId: passAccessCodes.productId })
        .from(passAccessCodes)
        .where(and(eq(passAccessCodes.tenantId, tenantId), inArray(passAccessCodes.productId, ids))),
    () =>
      db
        .select({ productId: issuedPasses.productId, count: sql<number>`count(*)::int` })
        .from(issuedPasses)
        .where(
          and(eq(issuedPasses.tenantId, tenantId), inArray(issuedPasses.productId, ids), holdsCapacity(now)),
        )
        .groupBy(issuedPasses.productId),
    () =>
      db
        .select({
          productId: passProductRules.productId,
          from: passProductRules.windowFrom,
          to: passProductRules.windowTo,
        })
        .from(passProductRules)
        .where(and(eq(passProductRules.tenantId, tenantId), inArray(passProductRules.productId, ids))),
    () =>
      db
        .select({
          productId: passWaitlistEntries.productId,
          offers: sql<number>`(count(*) FILTER (WHERE ${isLiveOffer(now)}))::int`,
          waiting: sql<number>`(count(*) FILTER (WHERE ${passWaitlistEntries.status} = 'waiting'))::int`,
        })
        .from(passWaitlistEntries)
        .where(
          and(
            eq(passWaitlistEntries.tenantId, tenantId),
            inArray(passWaitlistEntries.productId, ids),
            inArray(passWaitlistEntries.status, ['waiting', 'offered']),
          ),
        )
        .groupBy(passWaitlistEntries.productId),
  ]);
  const guarded = new Set(codes.map((code) => code.productId));
  return rows.map((row) => ({
    row,
    formFields: fields
      .filter((field) => field.productId === row.id)
      .map((field) => ({ label: field.label, value: field.value })),
    hasAccessCodes: guarded.has(row.id),
    heldCount:
      (held.find((entry) => entry.productId === row.id)?.count ?? 0) +
      (line.find((entry) => entry.productId === row.id)?.offers ?? 0),
    waitingCount: line.find((entry) => entry.productId === row.id)?.waiting ?? 0,
    dailyWindow: dailyWindowOf(windows.find((entry) => entry.productId === row.id)),
  }));
}

function dailyWindowOf(entry: { from: string | null; to: string | null } | undefined) {
  return entry?.from && entry.to ? { from: entry.from, to: entry.to } : null;
}

export type CatalogueFilter = 'public' | 'visitor' | { businessAccountId: string };

/** The tenant's products on sale, in catalogue order. */
export async function listProducts(
  db: Reader,
  tenantId: string,
  filter: CatalogueFilter,
  now: Date,
): Promise<ProductWithDetails[]> {
  const conditions: SQL[] = [eq(passProducts.tenantId, tenantId), isNull(passProducts.archivedAt)];
  if (filter === 'public') conditions.push(eq(passProducts.isBusinessProduct, false));
  else if (filter === 'visitor') {
    conditions.push(eq(passProducts.isBusinessProduct, false), eq(passProducts.isVisitorOnly, true));
  } else {
    conditions.push(
      eq(passProducts.isBusinessProduct, true),
      or(
        isNull(passProducts.businessAccountId),
        eq(passProducts.businessAccountId, filter.businessAccountId),
      )!,
    );
  }
  const rows = await db
    .select()
    .from(passProducts)
    .where(and(...conditions))
    .orderBy(asc(passProducts.sortOrder), asc(passProducts.name));
  return withDetails(db, tenantId, rows, now);
}

/** The tenant's product by id, unless it is archived (no longer sold). */
const isLiveProduct = (tenantId: string | Placeholder, productId: string | Placeholder) =>
  and(eq(passProducts.tenantId, tenantId), eq(passProducts.id, productId), isNull(passProducts.archivedAt));

export async function findProduct(
  db: Reader,
  tenantId: string,
  productId: string,
): Promise<PassProductRow | null> {
  const [row] = await db.select().from(passProducts).where(isLiveProduct(tenantId, productId));
  return row ?? null;
}

/** What an issue reads with its product besides (decision 247). */
export interface IssueReads {
  /** The number the pass will carry, drawn from its sequence now so its email can say it. */
  passNumber: string;
  /** How the email to the registrant is written, when there is one. */
  formatting: EmailFormatting | null;
}

/** Which columns a product read adds to the product (decision 247): none, the pass's number, and its email's formatting. */
type ProductReadShape = 'details' | 'issue' | 'issue-to';

/** The inputs of a product read, filled into its prepared statement at each call. */
type ProductReadInputs = {
  tenantId: string;
  productId: string;
  /** `now`, as an ISO timestamp. */
  now: string;
  recipient?: string;
};

const input = (name: keyof ProductReadInputs) => sql.placeholder(name);

/**
 * The product read as a statement prepared once per database and shape (decision 251): Drizzle
 * builds its text once instead of on every checkout, and PostgreSQL parses and plans it once per
 * connection (a named prepared statement).
 */
function productReadOf(db: Reader, shape: ProductReadShape) {
  const tenantId = input('tenantId');
  const productId = input('productId');
  const now = input('now');
  const formatting = shape === 'issue-to' ? formattingColumns(tenantId, input('recipient')) : null;
  return db
    .select({
      row: passProducts,
      rules: passProductRules,
      formFields: sql<Array<{ label: string; value: string }>>`coalesce((
        select json_agg(json_build_object('label', ${passProductFormFields.label}, 'value', ${passProductFormFields.value})
                        order by ${passProductFormFields.position})
        from ${passProductFormFields}
        where ${passProductFormFields.tenantId} = ${passProducts.tenantId}
          and ${passProductFormFields.productId} = ${passProducts.id}), '[]'::json)`,
      hasAccessCodes: sql<boolean>`exists (
        select 1 from ${passAccessCodes}
        where ${passAccessCodes.tenantId} = ${passProducts.tenantId} and ${passAccessCodes.productId} = ${passProducts.id})`,
      heldCount: sql<number>`(${heldPlacesCount(tenantId, productId, now, null)})::int`,
      waitingCount: sql<number>`(${waitingCount(tenantId, productId)})::int`,
      passNumber:
        shape === 'details'
          ? sql<null>`null`
          : sql<string | null>`nextval('issued_passes_public_id_seq')::text`,
      savedLanguage: formatting?.savedLanguage ?? sql<null>`null`,
      defaultLanguage: formatting?.defaultLanguage ?? sql<null>`null`,
      currency: formatting?.currency ?? sql<null>`null`,
    })
    .from(passProducts)
    .leftJoin(
      passProductRules,
      and(
        eq(passProductRules.tenantId, passProducts.tenantId),
        eq(passProductRules.productId, passProducts.id),
      ),
    )
    .where(isLiveProduct(tenantId, productId))
    .prepare(`product_for_sale_${shape.replace('-', '_')}`);
}

const productReads = {
  details: perDatabase((db) => productReadOf(db, 'details')),
  issue: perDatabase((db) => productReadOf(db, 'issue')),
  'issue-to': perDatabase((db) => productReadOf(db, 'issue-to')),
} satisfies Record<ProductReadShape, unknown>;

/**
 * One product with its details and its sales rules, read in one statement: the checkout reads it
 * on every issue, and each statement is a round trip to the server (decision 233). `issue` adds
 * what the issuing statement needs (decision 247): the pass's number and its email's formatting.
 */
export async function findProductForSale(
  db: Reader,
  tenantId: string,
  productId: string,
  now: Date,
  issue?: { recipient: string | null },
): Promise<(ProductWithDetails & { rules: PassProductRulesRow | null; issue?: IssueReads }) | null> {
  const shape: ProductReadShape = !issue ? 'details' : issue.recipient ? 'issue-to' : 'issue';
  const inputs: ProductReadInputs = { tenantId, productId, now: now.toISOString() };
  if (issue?.recipient) inputs.recipient = issue.recipient;
  // A transaction is a database of its own for a moment: its statement is prepared for it alone.
  const [found] = await productReads[shape](db as Database).execute(inputs);
  if (!found) return null;
  return {
    row: found.row,
    rules: found.rules,
    formFields: found.formFields,
    hasAccessCodes: found.hasAccessCodes,
    heldCount: Number(found.heldCount),
    waitingCount: Number(found.waitingCount),
    dailyWindow: found.rules
      ? dailyWindowOf({ from: found.rules.windowFrom, to: found.rules.windowTo })
      : null,
    issue:
      issue && found.passNumber
        ? { passNumber: found.passNumber, formatting: shape === 'issue-to' ? formattingOf(found) : null }
        : undefined,
  };
}

export async function findProductWithDetails(
  db: Reader,
  tenantId: string,
  productId: string,
  now: Date,
): Promise<ProductWithDetails | null> {
  const found = await findProductForSale(db, tenantId, productId, now);
  if (!found) return null;
  const { rules: _rules, ...details } = found;
  return details;
}

/**
 * The product a pass was issued from, archived or not. `lock` takes it FOR UPDATE, as a change
 * to a pass's times or an extension does, so a quota or place counted after it cannot move.
 */
export async function findPassProduct(
  db: Reader,
  tenantId: string,
  productId: string,
  options: { lock?: boolean } = {},
): Promise<PassProductRow | null> {
  const query = db
    .select()
    .from(passProducts)
    .where(and(eq(passProducts.tenantId, tenantId), eq(passProducts.id, productId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Locks the product row for the issuing transaction: issues of one product queue here. NO KEY
 * UPDATE, the strength an update of non-key columns takes, still excludes every other issue, but
 * not the key-share lock a pass insert takes on its product (the foreign key): an issue that
 * wrote its pass before locking (decision 177) would otherwise deadlock with another doing so.
 */
export async function lockProduct(
  tx: Transaction,
  tenantId: string,
  productId: string,
): Promise<PassProductRow | null> {
  const [row] = await tx
    .select()
    .from(passProducts)
    .where(isLiveProduct(tenantId, productId))
    .for('no key update');
  return row ?? null;
}

/** The same lock as a part of a larger statement (the issue's writes, decision 247). */
export function lockProductStatement(
  tx: Transaction,
  tenantId: string | Placeholder,
  productId: string | Placeholder,
) {
  return tx
    .select({ capacity: passProducts.capacity, hasWaitlist: passProducts.hasWaitlist })
    .from(passProducts)
    .where(isLiveProduct(tenantId, productId))
    .for('no key update');
}

/** The inputs of the counts of a product's places: `now` as an ISO timestamp. */
type CountInputs = { tenantId: string; productId: string; now: string; exceptOfferId?: string };

const countInput = (name: keyof CountInputs) => sql.placeholder(name);

/** The counts of the claim, built once (decision 251): the checkout counts on every pass. */
const countStatements = {
  held: builtOnce<CountInputs>(
    () =>
      sql`select (${heldPlacesCount(countInput('tenantId'), countInput('productId'), countInput('now'), null)})::int as count`,
  ),
  heldExceptOffer: builtOnce<CountInputs>(
    () =>
      sql`select (${heldPlacesCount(countInput('tenantId'), countInput('productId'), countInput('now'), countInput('exceptOfferId'))})::int as count`,
  ),
  heldAndWaiting: builtOnce<CountInputs>(
    () => sql`select (${heldPlacesCount(countInput('tenantId'), countInput('productId'), countInput('now'), null)})::int as held,
               (${waitingCount(countInput('tenantId'), countInput('productId'))})::int as waiting`,
  ),
};

/**
 * The places of a product taken at `now`: passes holding one and waitlist offers still running
 * (decision 210), less the offer `exceptOfferId` (the one a checkout is taking up).
 */
export async function countHeldPlaces(
  db: Reader,
  tenantId: string,
  productId: string,
  now: Date,
  exceptOfferId: string | null = null,
): Promise<number> {
  const inputs: CountInputs = { tenantId, productId, now: now.toISOString() };
  const [row] = exceptOfferId
    ? await countStatements.heldExceptOffer<{ count: number }>(db, { ...inputs, exceptOfferId })
    : await countStatements.held<{ count: number }>(db, inputs);
  return Number(row?.count ?? 0);
}

/** The places taken and the people waiting, in one statement (the issue's claim, decision 233). */
export async function countPlaces(
  db: Reader,
  tenantId: string,
  productId: string,
  now: Date,
): Promise<{ held: number; waiting: number }> {
  const [row] = await countStatements.heldAndWaiting<{ held: number; waiting: number }>(db, {
    tenantId,
    productId,
    now: now.toISOString(),
  });
  return { held: Number(row?.held ?? 0), waiting: Number(row?.waiting ?? 0) };
}

/**
 * The places of a product taken at `now` as one SQL expression: passes holding one plus waitlist
 * offers still running (decision 210), less the offer `exceptOfferId` (the one being taken up).
 */
function heldPlacesCount(
  tenantId: string | Placeholder,
  productId: string | Placeholder,
  now: Date | Placeholder,
  exceptOfferId: string | Placeholder | null,
): SQL {
  const offerConditions = [
    eq(passWaitlistEntries.tenantId, tenantId),
    eq(passWaitlistEntries.productId, productId),
    isLiveOffer(now),
  ];
  if (exceptOfferId) offerConditions.push(sql`${passWaitlistEntries.id} <> ${exceptOfferId}`);
  return sql`(select count(*) from ${issuedPasses} where ${and(
    eq(issuedPasses.tenantId, tenantId),
    eq(issuedPasses.productId, productId),
    holdsCapacity(now),
  )}) + (select count(*) from ${passWaitlistEntries} where ${and(...offerConditions)})`;
}

/** How many people wait on the product's waitlist, as one SQL expression. */
function waitingCount(tenantId: string | Placeholder, productId: string | Placeholder): SQL {
  return sql`(select count(*) from ${passWaitlistEntries} where ${and(
    eq(passWaitlistEntries.tenantId, tenantId),
    eq(passWaitlistEntries.productId, productId),
    eq(passWaitlistEntries.status, 'waiting'),
  )})`;
}

/** How many people wait on the product's waitlist (not yet offered a place). */
export async function countWaiting(db: Reader, tenantId: string, productId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select (${waitingCount(tenantId, productId)})::int as count`,
  );
  return Number(row?.count ?? 0);
}

export async function listProductImages(db: Reader, tenantId: string, productId: string) {
  return db
    .select({ uuid: passProductImages.id, url: passProductImages.url })
    .from(passProductImages)
    .where(and(eq(passProductImages.tenantId, tenantId), eq(passProductImages.productId, productId)))
    .orderBy(asc(passProductImages.position));
}

export async function findProductRules(
  db: Reader,
  tenantId: string,
  productId: string,
): Promise<PassProductRulesRow | null> {
  const [row] = await db
    .select()
    .from(passProductRules)
    .where(and(eq(passProductRules.tenantId, tenantId), eq(passProductRules.productId, productId)));
  return row ?? null;
}
