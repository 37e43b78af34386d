import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MAX_CODES_PER_PRODUCT } from '../../../shared/contract';
import type { Database } from '../../db/client';
import { passAccessCodes } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import type { OperatorContext } from './operator-context';
import { findConsoleProductRow } from './products';

/**
 * Access codes of a product (part 2: single use, upper-cased): generated in batches from an
 * alphabet without look-alike characters (no 0/O, 1/I/L), revoked while unused. The list and its
 * search are in access-code-search.ts.
 */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 10 characters of 31: about 2^49 codes, so a guess is hopeless and collisions are rare. */
const RANDOM_LENGTH = 10;

export function randomAccessCode(prefix: string): string {
  let code = prefix;
  for (let index = 0; index < RANDOM_LENGTH; index += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Adds `count` fresh codes to the product in one transaction (all or none), audit-logged. */
export async function generateAccessCodes(options: {
  db: Database;
  context: OperatorContext;
  productId: string;
  count: number;
  prefix: string;
  now: Date;
}): Promise<string[]> {
  const { db, context, productId, count, prefix, now } = options;
  const tenantId = context.tenant.id;
  return db.transaction(async (tx) => {
    // Locking the product makes batches of one product queue, so the cap below holds.
    await findConsoleProductRow(tx, tenantId, productId, { forUpdate: true });
    const [existing] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(passAccessCodes)
      .where(and(eq(passAccessCodes.tenantId, tenantId), eq(passAccessCodes.productId, productId)));
    if ((existing?.count ?? 0) + count > MAX_CODES_PER_PRODUCT) {
      throw conflict(`A product holds at most ${MAX_CODES_PER_PRODUCT} access codes.`);
    }
    const codes = new Set<string>();
    // A code already used anywhere in the tenant is skipped and drawn again.
    for (let attempt = 0; codes.size < count && attempt < 5; attempt += 1) {
      const candidates = new Set<string>();
      while (candidates.size < count - codes.size) candidates.add(randomAccessCode(prefix));
      const inserted = await tx
        .insert(passAccessCodes)
        .values([...candidates].map((code) => ({ tenantId, productId, code, createdAt: now })))
        .onConflictDoNothing()
        .returning({ code: passAccessCodes.code });
      for (const row of inserted) codes.add(row.code);
    }
    if (codes.size < count) throw conflict('Could not make enough unique codes; try another prefix.');
    await recordAudit(tx, {
      tenantId,
      actor: context.auditActor,
      action: 'access-code.generate',
      entityType: 'product',
      entityId: productId,
      after: { count, prefix, codes: [...codes] },
    });
    return [...codes];
  });
}

/**
 * Revokes an unused code (audit-logged): it is spent without a pass, so it can no longer be used
 * and the product stays behind codes even when every code is revoked. A used code stays (409).
 */
export async function revokeAccessCode(options: {
  db: Database;
  context: OperatorContext;
  productId: string;
  code: string;
  now: Date;
}): Promise<{ code: string }> {
  const { db, context, productId, code, now } = options;
  const tenantId = context.tenant.id;
  return db.transaction(async (tx) => {
    await findConsoleProductRow(tx, tenantId, productId);
    const [row] = await tx
      .select()
      .from(passAccessCodes)
      .where(
        and(
          eq(passAccessCodes.tenantId, tenantId),
          eq(passAccessCodes.productId, productId),
          eq(passAccessCodes.code, code),
        ),
      )
      .for('update');
    if (!row) throw notFound('Access code');
    if (row.usedAt) throw conflict('This code was already used or revoked.');
    await tx
      .update(passAccessCodes)
      .set({ usedAt: now })
      .where(and(eq(passAccessCodes.id, row.id), isNull(passAccessCodes.usedAt)));
    await recordAudit(tx, {
      tenantId,
      actor: context.auditActor,
      action: 'access-code.revoke',
      entityType: 'product',
      entityId: productId,
      before: { code: row.code, status: 'unused' },
      after: { code: row.code, status: 'revoked' },
    });
    return { code: row.code };
  });
}
