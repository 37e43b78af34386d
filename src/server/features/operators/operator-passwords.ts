import { eq, sql } from 'drizzle-orm';
import { consoleMessages } from '../../../shared/messages';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { operators, type TenantRow } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit';
import { passwords } from '../auth';
import { enqueueOperatorPasswordReset } from './operator-emails';
import { consumeOperatorToken, retireOperatorTokens } from './operator-tokens';
import { findOperatorByEmail } from './queries';

interface PasswordDeps {
  db: Database;
  config: Config;
  clock: Clock;
  tenant: TenantRow;
}

/**
 * Emails an active operator a reset link. The answer is the same whether or not the address has
 * an account: operators are not the public, and their addresses are not to be probed (unlike the
 * customers' screen, which the spec makes say so; decision 052). Invited operators get a fresh
 * invitation instead through their admin, disabled ones nothing.
 */
export async function sendOperatorPasswordReset(
  deps: PasswordDeps & { email: string },
): Promise<{ message: string }> {
  const operator = await findOperatorByEmail(deps.db, deps.tenant.id, deps.email.toLowerCase());
  if (operator?.passwordHash && !operator.disabledAt) {
    await deps.db.transaction((tx) =>
      enqueueOperatorPasswordReset({
        tx,
        config: deps.config,
        tenant: deps.tenant,
        operator,
        now: deps.clock.now(),
      }),
    );
  }
  return { message: consoleMessages.forgotSent };
}

/**
 * Sets the password from an invitation or reset link: spends the link, retires the operator's
 * other links and bumps the token version (every earlier session ends), all in one transaction.
 */
export async function setOperatorPassword(
  deps: PasswordDeps & { token: string; password: string },
): Promise<{ message: string }> {
  const passwordHash = await passwords.hash(deps.password);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const token = await consumeOperatorToken(tx, { tenantId: deps.tenant.id, token: deps.token, now });
    const [operator] = token
      ? await tx.select().from(operators).where(eq(operators.id, token.operatorId))
      : [];
    if (!token || !operator || operator.disabledAt) {
      throw new AppError(400, 'invalid_reset_link', consoleMessages.linkInvalid);
    }
    await tx
      .update(operators)
      .set({ passwordHash, tokenVersion: sql`${operators.tokenVersion} + 1` })
      .where(eq(operators.id, operator.id));
    await retireOperatorTokens(tx, { operatorId: operator.id, now });
    await recordAudit(tx, {
      tenantId: deps.tenant.id,
      actor: { operatorId: operator.id, label: operator.email },
      action: token.purpose === 'invitation' ? 'operator.accept-invitation' : 'operator.reset-password',
      entityType: 'operator',
      entityId: operator.id,
    });
  });
  return { message: consoleMessages.passwordSet };
}

/** Every token of the operator stops working, on every device (decision 051's version bump). */
export async function signOutEverywhere(db: Database, operatorId: string): Promise<{ message: string }> {
  await db
    .update(operators)
    .set({ tokenVersion: sql`${operators.tokenVersion} + 1` })
    .where(eq(operators.id, operatorId));
  return { message: consoleMessages.signedOutEverywhere };
}
