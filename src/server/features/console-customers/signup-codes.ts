import { randomInt } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { SignupCode } from '../../../shared/contract';
import type { Database } from '../../db/client';
import { customers, type OperatorRow, signupCodes, type TenantRow } from '../../db/schema';
import { recordAudit } from '../audit';
import { auditActorOf } from '../console-notices';

/** No 0/O or 1/I: people type these from paper. 32^8 codes: guessing one is hopeless. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const LIST_LIMIT = 200;

const newSignupCode = () =>
  Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export async function listSignupCodes(db: Database, tenant: TenantRow): Promise<SignupCode[]> {
  const rows = await db
    .select({
      code: signupCodes.code,
      createdAt: signupCodes.createdAt,
      usedAt: signupCodes.usedAt,
      usedByEmail: customers.email,
    })
    .from(signupCodes)
    .leftJoin(customers, eq(customers.id, signupCodes.usedByCustomerId))
    .where(eq(signupCodes.tenantId, tenant.id))
    .orderBy(desc(signupCodes.createdAt), desc(signupCodes.code))
    .limit(LIST_LIMIT);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
  }));
}

/** A batch of fresh single-use codes (a rare collision with an existing code is skipped and redrawn). */
export async function issueSignupCodes(options: {
  db: Database;
  tenant: TenantRow;
  operator: OperatorRow;
  count: number;
}): Promise<SignupCode[]> {
  const { db, tenant, operator, count } = options;
  return db.transaction(async (tx) => {
    const issued: SignupCode[] = [];
    while (issued.length < count) {
      const wanted = Array.from({ length: count - issued.length }, newSignupCode);
      const rows = await tx
        .insert(signupCodes)
        .values(wanted.map((code) => ({ tenantId: tenant.id, code })))
        .onConflictDoNothing()
        .returning({ code: signupCodes.code, createdAt: signupCodes.createdAt });
      issued.push(
        ...rows.map((row) => ({
          code: row.code,
          createdAt: row.createdAt.toISOString(),
          usedAt: null,
          usedByEmail: null,
        })),
      );
    }
    await recordAudit(tx, {
      tenantId: tenant.id,
      actor: auditActorOf(operator),
      action: 'signup-code.issue',
      entityType: 'signup-code',
      entityId: issued[0]!.code,
      after: { codes: issued.map((code) => code.code) },
    });
    return issued;
  });
}
