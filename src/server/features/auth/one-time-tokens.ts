import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { type CustomerTokenPurpose, customerTokens } from '../../db/schema';

/** Reset links work for one hour (issue 5); verification links for a day, as the email says. */
export const TOKEN_LIFETIME_MS: Record<CustomerTokenPurpose, number> = {
  password_reset: 60 * 60_000,
  email_verification: 24 * 60 * 60_000,
  /** A visitor may open a business's invitation days later (decision 216). */
  invitation: 14 * 24 * 60 * 60_000,
};

/** Only this hash is stored: the link in the email is the one copy of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token.toLowerCase()).digest('hex');
}

/**
 * Creates a single-use token for an emailed link and retires the earlier unused ones of the same
 * purpose, so only the newest link works. A v4 UUID carries 122 random bits (crypto.randomUUID)
 * and fits the spec's `resetPasswordUUID` route parameter.
 */
export async function issueOneTimeToken(
  tx: Database | Transaction,
  options: {
    tenantId: string;
    customerId: string;
    purpose: CustomerTokenPurpose;
    email: string;
    now: Date;
    /** An invitation's pass: only the earlier links to this pass are retired, not those to others. */
    passId?: string;
  },
): Promise<string> {
  await tx
    .update(customerTokens)
    .set({ usedAt: options.now })
    .where(
      and(
        eq(customerTokens.customerId, options.customerId),
        eq(customerTokens.purpose, options.purpose),
        options.passId ? eq(customerTokens.passId, options.passId) : undefined,
        isNull(customerTokens.usedAt),
      ),
    );
  const token = randomUUID();
  await tx.insert(customerTokens).values({
    tenantId: options.tenantId,
    customerId: options.customerId,
    purpose: options.purpose,
    tokenHash: hashToken(token),
    email: options.email,
    passId: options.passId ?? null,
    expiresAt: new Date(options.now.getTime() + TOKEN_LIFETIME_MS[options.purpose]),
    createdAt: options.now,
  });
  return token;
}

/**
 * Spends a token: returns its row when it exists on this tenant, for this purpose, unused and
 * unexpired, and marks it used in the caller's transaction (locked, so two concurrent uses cannot
 * both succeed). Null otherwise.
 */
export async function consumeOneTimeToken(
  tx: Transaction,
  options: { tenantId: string; token: string; purpose: CustomerTokenPurpose; now: Date },
): Promise<typeof customerTokens.$inferSelect | null> {
  const [row] = await tx
    .select()
    .from(customerTokens)
    .where(
      and(
        eq(customerTokens.tokenHash, hashToken(options.token)),
        eq(customerTokens.tenantId, options.tenantId),
        eq(customerTokens.purpose, options.purpose),
      ),
    )
    .for('update');
  if (!row || row.usedAt || row.expiresAt.getTime() <= options.now.getTime()) return null;
  await tx.update(customerTokens).set({ usedAt: options.now }).where(eq(customerTokens.id, row.id));
  return row;
}

/** After a password reset every other reset link of the account is dead too. */
export async function retireTokens(
  tx: Transaction,
  options: { customerId: string; purpose: CustomerTokenPurpose; now: Date },
): Promise<void> {
  await tx
    .update(customerTokens)
    .set({ usedAt: options.now })
    .where(
      and(
        eq(customerTokens.customerId, options.customerId),
        eq(customerTokens.purpose, options.purpose),
        sql`${customerTokens.usedAt} IS NULL`,
      ),
    );
}
