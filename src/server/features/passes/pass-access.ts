import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { passMessages } from '../../../shared/messages/passes';
import type { Database, Transaction } from '../../db/client';
import { type IssuedPassRow, issuedPasses, type OperatorRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import {
  type Action,
  type Actor,
  can,
  customerActor,
  operatorActor,
  passHolderActor,
  requirePermission,
} from '../permissions';

/**
 * Who is acting on one pass, and the one check every call on a pass makes (decision 143).
 *
 * Without a token the caller holds the pass's random uuid: the uuid is the capability (part 2
 * section 6, the anonymous guest). With a token the caller is who the token says — a customer, a
 * business member or an operator — and acts with that account's rights only.
 */
export interface PassCaller {
  actor: Actor;
  /** The operator behind the actor, for the audit log; null for everyone else. */
  operator: OperatorRow | null;
}

/** What the caller's resolution reads of a request (any contract's request has it). */
export type PassCallRequest = Pick<
  FastifyRequest,
  'requireTenant' | 'bearerToken' | 'requireCustomer' | 'requireOperator'
>;

function isUnauthorized(error: unknown): boolean {
  return error instanceof AppError && error.statusCode === 401;
}

/** The caller of a pass call: customer, operator (by the token's role) or the uuid's holder. */
export async function resolvePassCaller(request: PassCallRequest, passId: string): Promise<PassCaller> {
  const tenant = await request.requireTenant();
  if (!request.bearerToken()) return { actor: passHolderActor(tenant.id, passId), operator: null };
  try {
    return { actor: customerActor(await request.requireCustomer()), operator: null };
  } catch (customerError) {
    if (!isUnauthorized(customerError)) throw customerError;
    try {
      const operator = await request.requireOperator();
      return { actor: operatorActor(operator), operator };
    } catch (operatorError) {
      // Neither a customer's nor an operator's token: the customer's 401 is the answer.
      if (isUnauthorized(operatorError)) throw customerError;
      throw operatorError;
    }
  }
}

/** The audit log's actor of a caller, or null when the change is not an operator's. */
export function auditActorOf(caller: PassCaller) {
  return caller.operator ? { operatorId: caller.operator.id, label: caller.operator.email } : null;
}

/**
 * An operator's role is checked before any record is read, so a role without the action answers
 * 403 whatever pass it names (the contract's `permission`, read by the generated role matrix).
 */
export function requireOperatorRole(caller: PassCaller, action: Action): void {
  if (caller.actor.kind === 'operator') requirePermission(caller.actor, action);
}

/**
 * Reads the pass for `action`, locked for the caller's transaction when `lock` is set. A pass of
 * another tenant, or one the caller may not even read (someone else's), is a 404 — the same
 * answer as a pass that does not exist, so a uuid's existence is never revealed. A pass the
 * caller may read but not change this way is a 403.
 */
export async function loadPassFor(
  db: Database | Transaction,
  options: { caller: PassCaller; tenantId: string; passId: string; action: Action; lock?: boolean },
): Promise<IssuedPassRow> {
  const query = db
    .select()
    .from(issuedPasses)
    .where(and(eq(issuedPasses.tenantId, options.tenantId), eq(issuedPasses.id, options.passId)));
  const [pass] = options.lock ? await query.for('update') : await query;
  if (!pass) throw notFound('Pass');
  const resource = {
    tenantId: pass.tenantId,
    passId: pass.id,
    customerId: pass.customerId,
    businessAccountId: pass.businessAccountId,
  };
  if (!can(options.caller.actor, 'pass.read', resource)) throw notFound('Pass');
  requirePermission(options.caller.actor, options.action, resource);
  return pass;
}

/**
 * A pass that is over — canceled, rejected, expired, or paid and past its end — keeps its
 * vehicles, holder and times as they were: they are the record of what was granted.
 */
export function assertPassChangeable(pass: Pick<IssuedPassRow, 'paidStatus' | 'expiresAt'>, now: Date): void {
  const isOver =
    pass.paidStatus === 'canceled' ||
    pass.paidStatus === 'rejected' ||
    pass.paidStatus === 'expired' ||
    (pass.paidStatus === 'paid' && pass.expiresAt.getTime() <= now.getTime());
  if (isOver) throw new AppError(409, 'pass_not_changeable', passMessages.passNotChangeable);
}
