import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ViolationCode, violationCodeBodySchema } from '../../../shared/contract';
import type { Database, Transaction } from '../../db/client';
import { type CitationCodeRow, citationCodes, type OperatorRow, type TenantRow } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { isUniqueViolation } from '../customers';
import { auditActorOf } from './console-notice';

type Body = z.output<typeof violationCodeBodySchema>;

const toViolationCode = (row: CitationCodeRow): ViolationCode => ({
  uuid: row.id,
  name: row.name,
  description: row.description,
  amount: row.amount,
  lateAmount1: row.lateAmount1,
  lateDays1: row.lateDays1,
  lateAmount2: row.lateAmount2,
  lateDays2: row.lateDays2,
  archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
});

const codeValues = (body: Body) => ({
  name: body.name,
  description: body.description ?? null,
  amount: body.amount,
  lateAmount1: body.lateAmount1,
  lateDays1: body.lateDays1,
  lateAmount2: body.lateAmount2,
  lateDays2: body.lateDays2,
});

export async function listViolationCodes(db: Database, tenant: TenantRow): Promise<ViolationCode[]> {
  const rows = await db
    .select()
    .from(citationCodes)
    .where(eq(citationCodes.tenantId, tenant.id))
    .orderBy(asc(citationCodes.name));
  return rows.map(toViolationCode);
}

const nameTaken = (name: string) => conflict(`A violation code named '${name}' already exists.`);

/**
 * Field notices name their code in any case, so two names that differ only in case would be one
 * code to a patrol device: refused like the same name (the unique index guards exact names).
 */
async function refuseNameInOtherCase(tx: Transaction, tenantId: string, name: string, exceptId?: string) {
  const [clash] = await tx
    .select({ name: citationCodes.name })
    .from(citationCodes)
    .where(
      and(
        eq(citationCodes.tenantId, tenantId),
        sql`lower(${citationCodes.name}) = lower(${name})`,
        exceptId ? ne(citationCodes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw nameTaken(clash.name);
}

export async function createViolationCode(options: {
  db: Database;
  tenant: TenantRow;
  operator: OperatorRow;
  body: Body;
}): Promise<ViolationCode> {
  const { db, tenant, operator, body } = options;
  try {
    return await db.transaction(async (tx) => {
      await refuseNameInOtherCase(tx, tenant.id, body.name);
      const [row] = await tx
        .insert(citationCodes)
        .values({ tenantId: tenant.id, ...codeValues(body) })
        .returning();
      await recordAudit(tx, {
        tenantId: tenant.id,
        actor: auditActorOf(operator),
        action: 'violation-code.create',
        entityType: 'violation-code',
        entityId: row!.id,
        after: toViolationCode(row!),
      });
      return toViolationCode(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'citation_codes_tenant_name_key')) throw nameTaken(body.name);
    throw error;
  }
}

/**
 * Changes a code for the notices written from now on: a notice keeps the amount and late tiers
 * it was issued with (they are copied onto it), so no driver's bill changes under them.
 */
export async function updateViolationCode(options: {
  db: Database;
  tenant: TenantRow;
  operator: OperatorRow;
  codeId: string;
  body: Body;
}): Promise<ViolationCode> {
  const { db, tenant, operator, codeId, body } = options;
  try {
    return await db.transaction(async (tx) => {
      const where = and(eq(citationCodes.tenantId, tenant.id), eq(citationCodes.id, codeId));
      const [before] = await tx.select().from(citationCodes).where(where).for('update');
      if (!before) throw notFound('Violation code');
      await refuseNameInOtherCase(tx, tenant.id, body.name, codeId);
      const [after] = await tx.update(citationCodes).set(codeValues(body)).where(where).returning();
      await recordAudit(tx, {
        tenantId: tenant.id,
        actor: auditActorOf(operator),
        action: 'violation-code.update',
        entityType: 'violation-code',
        entityId: codeId,
        before: toViolationCode(before),
        after: toViolationCode(after!),
      });
      return toViolationCode(after!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'citation_codes_tenant_name_key')) throw nameTaken(body.name);
    throw error;
  }
}

/**
 * Archives a code or brings it back. Notices already written keep their code (the foreign key
 * stays); the console, the field API and the import refuse an archived code for a new notice.
 * Asking for the state a code is already in changes nothing and writes no audit entry.
 */
export async function setViolationCodeArchived(options: {
  db: Database;
  tenant: TenantRow;
  operator: OperatorRow;
  codeId: string;
  isArchived: boolean;
  now: Date;
}): Promise<ViolationCode> {
  const { db, tenant, operator, codeId, isArchived, now } = options;
  return db.transaction(async (tx) => {
    const where = and(eq(citationCodes.tenantId, tenant.id), eq(citationCodes.id, codeId));
    const [before] = await tx.select().from(citationCodes).where(where).for('update');
    if (!before) throw notFound('Violation code');
    if ((before.archivedAt !== null) === isArchived) return toViolationCode(before);
    const [after] = await tx
      .update(citationCodes)
      .set({ archivedAt: isArchived ? now : null })
      .where(where)
      .returning();
    await recordAudit(tx, {
      tenantId: tenant.id,
      actor: auditActorOf(operator),
      action: isArchived ? 'violation-code.archive' : 'violation-code.restore',
      entityType: 'violation-code',
      entityId: codeId,
      before: toViolationCode(before),
      after: toViolationCode(after!),
    });
    return toViolationCode(after!);
  });
}
