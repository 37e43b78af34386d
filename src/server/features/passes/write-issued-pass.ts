import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from '../../db/client';
import { type BuiltStatement, buildStatement, runBuilt } from '../../db/named-statements';
import { emailOutbox, issuedPasses, passVehicles, permitHolders } from '../../db/schema';
import type { OutboxRow } from '../mail';
import { lockProductStatement } from './queries';

type NewPass = typeof issuedPasses.$inferInsert;
type NewHolder = typeof permitHolders.$inferInsert;
type NewVehicle = typeof passVehicles.$inferInsert;

/** The product as its lock found it: what the count of its places needs. */
export interface LockedProduct {
  capacity: number | null;
  hasWaitlist: boolean;
}

/**
 * One row of the statement bound to placeholders: the columns it gives (a value, or null) are
 * parameters named `part.column`; a column it leaves undefined is the table's default, as
 * Drizzle writes it. Each value is encoded here, as Drizzle encodes a value it binds (a date as
 * ISO text, JSON as text), except null, which Drizzle's encoders would not take as a placeholder.
 */
function bindRow<Row extends object>(part: string, table: PgTable, row: Row | null) {
  if (!row) return null;
  const columns = getTableColumns(table);
  const given = Object.entries(row)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key)
    .sort();
  const placeholders = {} as { [Key in keyof Row]: SQL };
  const inputs: Record<string, unknown> = {};
  for (const key of given) {
    const column = columns[key];
    if (!column) throw new Error(`${part} has no column ${key}.`);
    const value = (row as Record<string, unknown>)[key];
    placeholders[key as keyof Row] = sql`${sql.placeholder(`${part}.${key}`)}`;
    inputs[`${part}.${key}`] = value === null ? null : column.mapToDriverValue(value);
  }
  return { shape: `${part}(${given.join(',')})`, placeholders, inputs };
}

/**
 * The write statement of each shape (the rows written, the columns each gives, whether it locks),
 * built once by Drizzle (decision 251): its building cost the server more than sending it.
 */
const statements = new Map<string, BuiltStatement>();

/**
 * Writes a new pass with its holder, its vehicle and its email in the outbox in ONE statement
 * (decision 247): each statement is a round trip, parsed and planned, and on a busy machine a
 * wake-up of both processes. With `lock`, the same statement takes the product's row lock, so
 * the count of its places, the transaction's next statement, sees every issue that held the
 * lock before it (a statement's snapshot is taken when it starts, decision 233); it answers the
 * product as locked, or null when the product is gone (archived meanwhile).
 *
 * The rows are independent inserts: none reads another's output, so the order in which
 * PostgreSQL runs the parts of a WITH does not matter, and the foreign keys to the pass are
 * checked at the end of the statement, when the pass is there.
 */
export async function writeIssuedPass(
  tx: Transaction,
  rows: {
    pass: NewPass & { id: string; customerPermitId: string };
    holder: NewHolder | null;
    vehicle: NewVehicle | null;
    email: OutboxRow | null;
    lock: { tenantId: string; productId: string } | null;
  },
): Promise<LockedProduct | null> {
  const pass = bindRow('pass', issuedPasses, rows.pass)!;
  const holder = bindRow('holder', permitHolders, rows.holder);
  const vehicle = bindRow('vehicle', passVehicles, rows.vehicle);
  const email = bindRow('email', emailOutbox, rows.email);
  const shape = [pass.shape, holder?.shape, vehicle?.shape, email?.shape, rows.lock ? 'lock' : ''].join(' ');
  let statement = statements.get(shape);
  if (!statement) {
    // Drizzle writes each builder embedded in SQL in parentheses: `name as (insert ...)`.
    const parts: SQL[] = [sql`pass as ${tx.insert(issuedPasses).values(pass.placeholders)}`];
    if (holder) parts.push(sql`holder as ${tx.insert(permitHolders).values(holder.placeholders)}`);
    if (vehicle) parts.push(sql`vehicle as ${tx.insert(passVehicles).values(vehicle.placeholders)}`);
    if (email) parts.push(sql`email as ${tx.insert(emailOutbox).values(email.placeholders)}`);
    if (rows.lock) {
      parts.push(
        sql`locked as ${lockProductStatement(tx, sql.placeholder('lock.tenantId'), sql.placeholder('lock.productId'))}`,
      );
    }
    const main = rows.lock ? sql`select capacity, has_waitlist from locked` : sql`select 1`;
    statement = buildStatement(sql`with ${sql.join(parts, sql`, `)} ${main}`);
    statements.set(shape, statement);
  }
  const inputs = {
    ...pass.inputs,
    ...holder?.inputs,
    ...vehicle?.inputs,
    ...email?.inputs,
    ...(rows.lock ? { 'lock.tenantId': rows.lock.tenantId, 'lock.productId': rows.lock.productId } : {}),
  };
  const [locked] = await runBuilt<{ capacity: number | null; has_waitlist: boolean }>(tx, statement, inputs);
  if (!rows.lock) return null;
  return locked ? { capacity: locked.capacity, hasWaitlist: locked.has_waitlist } : null;
}
