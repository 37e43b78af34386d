import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ConsoleOperator, UpdateOperatorBody } from '../../../shared/contract';
import { consoleMessages } from '../../../shared/messages';
import type { OperatorRole } from '../../../shared/rules/operator-roles';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { type OperatorRow, operators } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { isUniqueViolation } from '../customers';
import type { ConsoleAccess } from './console-access';
import { enqueueOperatorInvitation } from './operator-emails';
import { retireOperatorTokens } from './operator-tokens';

interface ManageDeps {
  db: Database;
  config: Config;
  clock: Clock;
  access: ConsoleAccess;
}

export function operatorStatus(
  row: Pick<OperatorRow, 'passwordHash' | 'disabledAt'>,
): ConsoleOperator['status'] {
  if (row.disabledAt) return 'disabled';
  return row.passwordHash ? 'active' : 'invited';
}

export function toConsoleOperator(row: OperatorRow): ConsoleOperator {
  return {
    uuid: row.id,
    fullname: row.fullname,
    email: row.email,
    role: row.role,
    status: operatorStatus(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an operator: never the password hash. */
const auditView = (row: OperatorRow) => ({
  email: row.email,
  fullname: row.fullname,
  role: row.role,
  status: operatorStatus(row),
});

export async function listOperators(db: Database, tenantId: string): Promise<ConsoleOperator[]> {
  const rows = await db
    .select()
    .from(operators)
    .where(eq(operators.tenantId, tenantId))
    .orderBy(asc(sql`lower(${operators.fullname})`), asc(operators.id));
  return rows.map(toConsoleOperator);
}

/** Creates the operator without a password and emails the link that sets one, in one transaction. */
export async function inviteOperator(
  deps: ManageDeps & { email: string; fullname: string; role: OperatorRole },
): Promise<ConsoleOperator> {
  const { tenant, operator: inviter, auditActor } = deps.access;
  const now = deps.clock.now();
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(operators)
        .values({
          tenantId: tenant.id,
          email: deps.email,
          fullname: deps.fullname,
          role: deps.role,
          createdAt: now,
        })
        .returning();
      if (!created) throw new Error('The operator insert returned no row.');
      await enqueueOperatorInvitation({
        tx,
        config: deps.config,
        tenant,
        operator: created,
        now,
        inviterName: inviter.fullname,
        role: deps.role,
      });
      await recordAudit(tx, {
        tenantId: tenant.id,
        actor: auditActor,
        action: 'operator.invite',
        entityType: 'operator',
        entityId: created.id,
        after: auditView(created),
      });
      return created;
    });
    return toConsoleOperator(row);
  } catch (error) {
    if (isUniqueViolation(error, 'operators_tenant_email_key')) throw conflict(consoleMessages.emailTaken);
    throw error;
  }
}

async function lockOperator(tx: Transaction, tenantId: string, operatorId: string): Promise<OperatorRow> {
  const [row] = await tx
    .select()
    .from(operators)
    .where(and(eq(operators.tenantId, tenantId), eq(operators.id, operatorId)))
    .for('update');
  if (!row) throw notFound('Operator');
  return row;
}

/**
 * Whether another active admin would remain. The tenant's admin rows are locked first, so two
 * admins demoting each other at the same moment cannot leave the tenant with none.
 */
async function hasOtherActiveAdmin(tx: Transaction, tenantId: string, operatorId: string): Promise<boolean> {
  const admins = await tx
    .select({ id: operators.id })
    .from(operators)
    .where(
      and(
        eq(operators.tenantId, tenantId),
        eq(operators.role, 'tenant_admin'),
        isNull(operators.disabledAt),
        sql`${operators.passwordHash} IS NOT NULL`,
        ne(operators.id, operatorId),
      ),
    )
    .for('update');
  return admins.length > 0;
}

/**
 * Changes an operator's role or disables/enables them. Disabling bumps the token version, so every
 * token of theirs stops working at once, and retires their unused links. An admin cannot change
 * themself (no locking oneself out by accident) and the last active admin stays one.
 */
export async function updateOperator(
  deps: ManageDeps & { operatorId: string; changes: UpdateOperatorBody },
): Promise<ConsoleOperator> {
  const { tenant, operator: actingOperator, auditActor } = deps.access;
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const before = await lockOperator(tx, tenant.id, deps.operatorId);
    if (before.id === actingOperator.id) throw conflict(consoleMessages.notYourself);
    const role = deps.changes.role ?? before.role;
    const isDisabled = deps.changes.isDisabled ?? Boolean(before.disabledAt);
    const losesAdmin =
      before.role === 'tenant_admin' && !before.disabledAt && (role !== 'tenant_admin' || isDisabled);
    if (losesAdmin && !(await hasOtherActiveAdmin(tx, tenant.id, before.id))) {
      throw conflict(consoleMessages.lastAdmin);
    }
    const isNewlyDisabled = isDisabled && !before.disabledAt;
    const [after] = await tx
      .update(operators)
      .set({
        role,
        disabledAt: isDisabled ? (before.disabledAt ?? now) : null,
        // A role change revokes tokens too: the console reloads the operator with the new role.
        tokenVersion:
          role !== before.role || isNewlyDisabled ? sql`${operators.tokenVersion} + 1` : before.tokenVersion,
      })
      .where(eq(operators.id, before.id))
      .returning();
    if (!after) throw notFound('Operator');
    if (isNewlyDisabled) await retireOperatorTokens(tx, { operatorId: after.id, now });
    await recordAudit(tx, {
      tenantId: tenant.id,
      actor: auditActor,
      action: isNewlyDisabled ? 'operator.disable' : 'operator.update',
      entityType: 'operator',
      entityId: after.id,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
  return toConsoleOperator(row);
}

/** A fresh invitation link for an operator who has not set a password yet. */
export async function resendInvitation(
  deps: ManageDeps & { operatorId: string },
): Promise<{ message: string }> {
  const { tenant, operator: inviter, auditActor } = deps.access;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockOperator(tx, tenant.id, deps.operatorId);
    if (operatorStatus(row) !== 'invited') throw conflict(consoleMessages.notInvited);
    await enqueueOperatorInvitation({
      tx,
      config: deps.config,
      tenant,
      operator: row,
      now,
      inviterName: inviter.fullname,
      role: row.role,
    });
    await recordAudit(tx, {
      tenantId: tenant.id,
      actor: auditActor,
      action: 'operator.reinvite',
      entityType: 'operator',
      entityId: row.id,
    });
  });
  return { message: consoleMessages.invitationResent };
}
