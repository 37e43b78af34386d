import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { type OperatorTokenPurpose, operatorTokens } from '../../db/schema';
import { hashToken } from '../auth';

/** An invitation waits a week for its operator; a reset link works for an hour, as the customers' does. */
export const OPERATOR_TOKEN_LIFETIME_MS: Record<OperatorTokenPurpose, number> = {
  invitation: 7 * 24 * 60 * 60_000,
  password_reset: 60 * 60_000,
};

/**
 * A single-use link token for an operator, stored hashed (the customers' hashToken), retiring
 * every earlier unused link of the operator so only the newest one works.
 */
export async function issueOperatorToken(
  tx: Transaction,
  options: { tenantId: string; operatorId: string; purpose: OperatorTokenPurpose; now: Date },
): Promise<string> {
  await retireOperatorTokens(tx, { operatorId: options.operatorId, now: options.now });
  const token = randomUUID();
  await tx.insert(operatorTokens).values({
    tenantId: options.tenantId,
    operatorId: options.operatorId,
    purpose: options.purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(options.now.getTime() + OPERATOR_TOKEN_LIFETIME_MS[options.purpose]),
    createdAt: options.now,
  });
  return token;
}

/** Every unused link of the operator stops working (a new link, a password set, a disable). */
export async function retireOperatorTokens(
  tx: Transaction,
  options: { operatorId: string; now: Date },
): Promise<void> {
  await tx
    .update(operatorTokens)
    .set({ usedAt: options.now })
    .where(and(eq(operatorTokens.operatorId, options.operatorId), isNull(operatorTokens.usedAt)));
}

/**
 * Spends a link token of the tenant, whichever its purpose (both set a password): its row when
 * unused and unexpired, marked used under a row lock so two uses cannot both succeed; else null.
 */
export async function consumeOperatorToken(
  tx: Transaction,
  options: { tenantId: string; token: string; now: Date },
): Promise<typeof operatorTokens.$inferSelect | null> {
  const [row] = await tx
    .select()
    .from(operatorTokens)
    .where(
      and(
        eq(operatorTokens.tokenHash, hashToken(options.token)),
        eq(operatorTokens.tenantId, options.tenantId),
      ),
    )
    .for('update');
  if (!row || row.usedAt || row.expiresAt.getTime() <= options.now.getTime()) return null;
  await tx.update(operatorTokens).set({ usedAt: options.now }).where(eq(operatorTokens.id, row.id));
  return row;
}
