import { Readable } from 'node:stream';
import { and, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { AuditEntryView, AuditFilter } from '../../../shared/contract';
import { actionLabel, actorOf, describeAuditChanges, kindLabel } from '../../../shared/format/audit-changes';
import { csvLine } from '../../../shared/format/csv';
import { formatDate } from '../../../shared/format/dates';
import { localDayBounds } from '../../../shared/format/zoned-time';
import { consoleAuditMessages as m } from '../../../shared/messages/console-audit';
import { fillMessage } from '../../../shared/messages/fill';
import type { Database } from '../../db/client';
import {
  type AuditLogRow,
  auditLog,
  citationCodes,
  citations,
  customers,
  issuedPasses,
  operators,
  passProducts,
} from '../../db/schema';

/**
 * The console's audit log as a person reads it (issue 33): filtered by record, operator, kind of
 * change and tenant-local days, each filter starting from an index (migration 1120), newest
 * first by keyset; people and records named, not numbered.
 */

type Tenant = { id: string; timezone: string };

/** The WHERE of the log and its export; every condition starts with the tenant. */
export function auditConditions(tenant: Tenant, filter: AuditFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(auditLog.tenantId, tenant.id)];
  if (filter.entityType) conditions.push(eq(auditLog.entityType, filter.entityType));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  if (filter.operatorUuid) conditions.push(eq(auditLog.operatorId, filter.operatorUuid));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  const { since, until } = localDayBounds(filter, tenant.timezone);
  if (since) conditions.push(gte(auditLog.createdAt, since));
  if (until) conditions.push(lt(auditLog.createdAt, until));
  return and(...conditions)!;
}

/** Entries older than `before` in the log's order (newest first, ties by id). */
export function auditBefore(before: { id: number; createdAt: Date }): SQL {
  return or(
    lt(auditLog.createdAt, before.createdAt),
    and(eq(auditLog.createdAt, before.createdAt), lt(auditLog.id, before.id)),
  )!;
}

export async function readAuditRows(options: {
  db: Database;
  tenant: Tenant;
  filter: AuditFilter;
  before?: { id: number; createdAt: Date };
  limit: number;
}): Promise<AuditLogRow[]> {
  const { db, tenant, filter, before, limit } = options;
  return db
    .select()
    .from(auditLog)
    .where(and(auditConditions(tenant, filter), before ? auditBefore(before) : undefined))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids of one kind of record among the rows (only well-formed uuids reach a query). */
const idsOf = (rows: readonly AuditLogRow[], kind: string) => [
  ...new Set(
    rows.filter((row) => row.entityType === kind && UUID.test(row.entityId)).map((row) => row.entityId),
  ),
];

/**
 * The names of the people and records a page of entries mentions, read in one query per kind
 * (at most a page of ids each, by primary key, inside the tenant).
 */
export async function nameAuditRecords(
  db: Database,
  tenantId: string,
  rows: readonly AuditLogRow[],
): Promise<{ people: Map<string, string>; records: Map<string, string> }> {
  const people = new Map<string, string>();
  const records = new Map<string, string>();
  const operatorIds = [
    ...new Set([
      ...rows.flatMap((row) => (row.operatorId ? [row.operatorId] : [])),
      ...idsOf(rows, 'operator'),
    ]),
  ];
  const lookups: Promise<void>[] = [];
  const lookup = <Row extends { id: string; label: string | null }>(
    ids: string[],
    read: (ids: string[]) => Promise<Row[]>,
    into: (row: Row) => void,
  ) => {
    if (ids.length > 0) lookups.push(read(ids).then((found) => found.forEach(into)));
  };
  lookup(
    operatorIds,
    (ids) =>
      db
        .select({ id: operators.id, label: operators.fullname, email: operators.email })
        .from(operators)
        .where(and(eq(operators.tenantId, tenantId), inArray(operators.id, ids))),
    (row) => {
      const name = row.label?.trim() || row.email;
      people.set(row.id, name);
      records.set(`operator:${row.id}`, name);
    },
  );
  lookup(
    idsOf(rows, 'notice'),
    (ids) =>
      db
        .select({ id: citations.id, label: citations.citationNumber })
        .from(citations)
        .where(and(eq(citations.tenantId, tenantId), inArray(citations.id, ids))),
    (row) => records.set(`notice:${row.id}`, row.label ?? ''),
  );
  lookup(
    idsOf(rows, 'pass'),
    (ids) =>
      db
        .select({ id: issuedPasses.id, label: issuedPasses.customerPermitId })
        .from(issuedPasses)
        .where(and(eq(issuedPasses.tenantId, tenantId), inArray(issuedPasses.id, ids))),
    (row) => records.set(`pass:${row.id}`, row.label ?? ''),
  );
  lookup(
    idsOf(rows, 'product'),
    (ids) =>
      db
        .select({ id: passProducts.id, label: passProducts.name })
        .from(passProducts)
        .where(and(eq(passProducts.tenantId, tenantId), inArray(passProducts.id, ids))),
    (row) => records.set(`product:${row.id}`, row.label ?? ''),
  );
  lookup(
    idsOf(rows, 'customer'),
    (ids) =>
      db
        .select({ id: customers.id, label: customers.fullname })
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, ids))),
    (row) => records.set(`customer:${row.id}`, row.label ?? ''),
  );
  lookup(
    idsOf(rows, 'violation-code'),
    (ids) =>
      db
        .select({ id: citationCodes.id, label: citationCodes.name })
        .from(citationCodes)
        .where(and(eq(citationCodes.tenantId, tenantId), inArray(citationCodes.id, ids))),
    (row) => records.set(`violation-code:${row.id}`, row.label ?? ''),
  );
  await Promise.all(lookups);
  return { people, records };
}

/** The record's name from the entry itself when its row is gone (a notice number in its snapshot). */
function labelFromValues(row: AuditLogRow): string | null {
  for (const value of [row.after, row.before]) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const fields = value as Record<string, unknown>;
      for (const key of ['citationNumber', 'customerPermitId', 'name', 'email', 'fullname']) {
        if (typeof fields[key] === 'string' && fields[key]) return fields[key] as string;
      }
    }
  }
  return null;
}

export function toAuditEntryView(
  row: AuditLogRow,
  names: { people: Map<string, string>; records: Map<string, string> },
): AuditEntryView {
  return {
    id: row.id,
    actorLabel: row.actorLabel,
    operatorUuid: row.operatorId,
    actorName: row.operatorId ? (names.people.get(row.operatorId) ?? null) : null,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    entityLabel: names.records.get(`${row.entityType}:${row.entityId}`) ?? labelFromValues(row),
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  };
}

const EXPORT_BATCH_SIZE = 500;

async function* auditCsvLines(options: { db: Database; tenant: Tenant; filter: AuditFilter }) {
  const { db, tenant, filter } = options;
  yield csvLine(m.csvColumns);
  let before: { id: number; createdAt: Date } | undefined;
  for (;;) {
    const rows = await readAuditRows({ db, tenant, filter, before, limit: EXPORT_BATCH_SIZE });
    const names = await nameAuditRecords(db, tenant.id, rows);
    for (const row of rows) {
      const entry = toAuditEntryView(row, names);
      const changes = describeAuditChanges(row.before, row.after, tenant.timezone)
        .map((change) =>
          fillMessage(m.csvChange, {
            field: change.label,
            before: change.before || '—',
            after: change.after || '—',
          }),
        )
        .join('; ');
      yield csvLine([
        formatDate(row.createdAt, tenant.timezone, 'dateTime'),
        actorOf(entry),
        actionLabel(row.action),
        kindLabel(row.entityType),
        entry.entityLabel ?? row.entityId,
        changes,
        String(row.id),
      ]);
    }
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH_SIZE) return;
    before = { id: last.id, createdAt: last.createdAt };
  }
}

/** The filtered log as CSV, newest first, read by keyset in batches and streamed (cells guarded). */
export function exportAudit(options: { db: Database; tenant: Tenant; filter: AuditFilter }): Readable {
  return Readable.from(auditCsvLines(options));
}
