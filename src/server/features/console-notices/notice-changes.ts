import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ConsoleNotice,
  createNoticeBodySchema,
  overrideNoticeAmountBodySchema,
  updateNoticeBodySchema,
  voidNoticeBodySchema,
} from '../../../shared/contract';
import { consoleDeskMessages, fillMessage } from '../../../shared/messages';
import { inputErrorMessages } from '../../../shared/messages/input-errors';
import { isCitationPaid, isCitationVoided } from '../../../shared/rules';
import type { StoragePort } from '../../adapters/storage/storage-port';
import { type Database, queryRows, type Transaction } from '../../db/client';
import {
  type CitationRow,
  citationCodes,
  citations,
  type OperatorRow,
  type TenantRow,
} from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { recordAudit } from '../audit';
import { isUniqueViolation } from '../customers';
import { cancelPlanOfVoidedNotice } from '../payment-plans';
import { attachUploads, verifyUploadUrls } from '../uploads';
import { auditActorOf, getConsoleNotice, lockNotice } from './console-notice';

interface ChangeOptions {
  db: Database;
  tenant: TenantRow;
  operator: OperatorRow;
  now: Date;
}

/** A notice's fields as the audit log keeps them. */
const snapshot = (row: CitationRow) => ({
  citationNumber: row.citationNumber,
  plate: row.plate,
  stateProv: row.stateProv,
  createdOn: row.createdOn,
  paymentStatus: row.paymentStatus,
  amount: row.amount,
  amountOverride: row.amountOverride,
  voidDate: row.voidDate,
  citationCodeId: row.citationCodeId,
  location: row.location,
  make: row.make,
  color: row.color,
  comments: row.comments,
});

/**
 * The code a notice is given. An archived code is refused for a new notice, and for a correction
 * unless the notice already has it (`keptCodeId`): old notices keep their code.
 */
export async function findViolationCode(
  db: Database | Transaction,
  tenantId: string,
  codeId: string,
  keptCodeId: string | null = null,
) {
  const [code] = await db
    .select()
    .from(citationCodes)
    .where(and(eq(citationCodes.tenantId, tenantId), eq(citationCodes.id, codeId)));
  if (!code) throw badRequest(consoleDeskMessages.codeUnknown);
  if (code.archivedAt && code.id !== keptCodeId) {
    throw badRequest(fillMessage(consoleDeskMessages.codeArchived, { name: code.name }));
  }
  return code;
}

/** Notices numbered by the system share the field notices' series (E500001, ...). */
async function nextNoticeNumber(tx: Transaction): Promise<string> {
  const [row] = await queryRows<{ n: string }>(
    tx,
    sql`SELECT nextval('field_citation_number_seq')::text AS n`,
  );
  return `E${row!.n}`;
}

/** A notice written in the console; its amount and late tiers come from its violation code. */
export async function createNotice(
  options: ChangeOptions & { storage: StoragePort; body: z.output<typeof createNoticeBodySchema> },
): Promise<ConsoleNotice> {
  const { db, tenant, operator, body, now } = options;
  const imageURLs = body.imageURLs ?? [];
  const createdOn = body.createdOn ? new Date(body.createdOn) : now;
  if (createdOn.getTime() > now.getTime() + 5 * 60_000) {
    throw badRequest(inputErrorMessages.noticeTimeInFuture, 'createdOn');
  }
  const code = await findViolationCode(db, tenant.id, body.citationCodeUUID);
  const amount = body.amount ?? code.amount;
  if (amount === null || amount === undefined) {
    throw badRequest(fillMessage(inputErrorMessages.enterAmountForCode, { name: code.name }), 'amount');
  }
  // Each photo a notice photo this tenant's storage issued, arrived intact (as an appeal's evidence).
  await verifyUploadUrls({
    db,
    storage: options.storage,
    tenant,
    purpose: 'notice-photo',
    fileUrls: imageURLs,
    now,
  });
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(citations)
        .values({
          tenantId: tenant.id,
          citationNumber: body.citationNumber || (await nextNoticeNumber(tx)),
          plate: body.plate,
          stateProv: body.stateProv ?? null,
          createdOn,
          paymentStatus: 'Open',
          amount,
          lateAmount1: code.lateAmount1,
          lateDays1: code.lateDays1,
          lateAmount2: code.lateAmount2,
          lateDays2: code.lateDays2,
          citationCodeId: code.id,
          location: body.location ?? null,
          make: body.make ?? null,
          color: body.color ?? null,
          comments: body.comments ?? null,
          imageUrls: imageURLs,
        })
        .returning();
      // Claimed in the notice's transaction: a photo belongs to one notice, and a refused notice claims none.
      await attachUploads(tx, { tenantId: tenant.id, purpose: 'notice-photo', fileUrls: imageURLs });
      await recordAudit(tx, {
        tenantId: tenant.id,
        actor: auditActorOf(operator),
        action: 'notice.create',
        entityType: 'notice',
        entityId: row!.id,
        after: snapshot(row!),
      });
      return row!.id;
    });
    return getConsoleNotice({ db, tenant, noticeId: id, now });
  } catch (error) {
    if (isUniqueViolation(error, 'citations_tenant_number_key')) {
      throw conflict(`The notice number ${body.citationNumber} is already in use.`);
    }
    throw error;
  }
}

/**
 * Changes one notice inside a transaction with its row locked, so a checkout being fulfilled at
 * the same moment waits for this change (or this waits for it) and re-checks what it may settle
 * (docs/payments.md). Records the change with the notice's fields before and after.
 */
/** One change of a notice inside the caller's transaction: locked, changed, audit-logged. */
async function changeNoticeWithin(
  tx: Transaction,
  options: Omit<ChangeOptions, 'db'> & { noticeId: string; action: string; reason?: string },
  change: (row: CitationRow, tx: Transaction) => Promise<Partial<CitationRow>>,
): Promise<CitationRow> {
  const { tenant, operator, noticeId } = options;
  const before = await lockNotice(tx, tenant.id, noticeId);
  const values = await change(before, tx);
  const [after] = await tx.update(citations).set(values).where(eq(citations.id, before.id)).returning();
  await recordAudit(tx, {
    tenantId: tenant.id,
    actor: auditActorOf(operator),
    action: options.action,
    entityType: 'notice',
    entityId: before.id,
    before: snapshot(before),
    after: { ...snapshot(after!), ...(options.reason ? { reason: options.reason } : {}) },
  });
  return after!;
}

async function changeNotice(
  options: ChangeOptions & { noticeId: string; action: string; reason?: string },
  change: (row: CitationRow, tx: Transaction) => Promise<Partial<CitationRow>>,
): Promise<ConsoleNotice> {
  const { db, tenant, noticeId, now } = options;
  await db.transaction((tx) => changeNoticeWithin(tx, options, change));
  return getConsoleNotice({ db, tenant, noticeId, now });
}

/** Corrects the details; the amount, status and number stay (they have calls of their own). */
export function updateNotice(
  options: ChangeOptions & { noticeId: string; body: z.output<typeof updateNoticeBodySchema> },
) {
  const { body } = options;
  return changeNotice({ ...options, action: 'notice.update' }, async (row, tx) => {
    const code = await findViolationCode(tx, options.tenant.id, body.citationCodeUUID, row.citationCodeId);
    return {
      plate: body.plate,
      stateProv: body.stateProv ?? null,
      location: body.location ?? null,
      make: body.make ?? null,
      color: body.color ?? null,
      comments: body.comments ?? null,
      citationCodeId: code.id,
    };
  });
}

const statusFields = (row: CitationRow) => ({
  paymentStatus: row.paymentStatus as 'Open',
  datePaid: row.datePaid?.toISOString() ?? null,
  voidDate: row.voidDate?.toISOString() ?? null,
});

const voidChange = (tenantId: string, now: Date) => async (row: CitationRow, tx: Transaction) => {
  if (isCitationPaid(statusFields(row))) {
    throw conflict('This notice is paid: refund the payment before voiding it.');
  }
  if (isCitationVoided(statusFields(row))) throw conflict('This notice is already void.');
  // Its payment plan ends with it: the instalments not yet charged never are (issue 31).
  await cancelPlanOfVoidedNotice(tx, tenantId, row.id, now);
  return { paymentStatus: 'Void', voidDate: now } satisfies Partial<CitationRow>;
};

/** Voids a notice: it owes nothing and a checkout still open for it is refunded at fulfilment. */
export function voidNotice(
  options: ChangeOptions & { noticeId: string; body: z.output<typeof voidNoticeBodySchema> },
) {
  return changeNotice(
    { ...options, action: 'notice.void', reason: options.body.reason },
    voidChange(options.tenant.id, options.now),
  );
}

/** Voids one notice inside a bulk call's savepoint (the same checks and audit entry as one void). */
export function voidNoticeWithin(
  tx: Transaction,
  options: Omit<ChangeOptions, 'db'> & { noticeId: string; reason: string },
) {
  return changeNoticeWithin(
    tx,
    { ...options, action: 'notice.void' },
    voidChange(options.tenant.id, options.now),
  );
}

/**
 * Sets the amount in force (late penalties no longer apply while it is set), or clears it. Only
 * a notice that can still be paid: a checkout opened before charged the old amount and is
 * refunded at fulfilment ('amount-changed').
 */
export function overrideNoticeAmount(
  options: ChangeOptions & { noticeId: string; body: z.output<typeof overrideNoticeAmountBodySchema> },
) {
  return changeNotice(
    { ...options, action: 'notice.override-amount', reason: options.body.reason },
    async (row) => {
      if (isCitationPaid(statusFields(row)))
        throw conflict('This notice is paid: its amount can no longer change.');
      if (isCitationVoided(statusFields(row)))
        throw conflict('This notice is void: its amount can no longer change.');
      return { amountOverride: options.body.amountOverride };
    },
  );
}
