import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { uuidSchema } from '../../../shared/contract/common';
import { paymentMessages as m } from '../../../shared/messages';
import type { Database } from '../../db/client';
import { paymentCustomers, sandboxCards, sandboxPortalSessions } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { type CardRefusal, readSandboxCard, type SandboxCardFields } from './sandbox-card';

export const sandboxPortalParamsSchema = z.object({ portalId: uuidSchema });
export const sandboxPortalCardParamsSchema = sandboxPortalParamsSchema.extend({ cardId: uuidSchema });

export interface SandboxPortalContext {
  db: Database;
  tenantId: string;
  portalId: string;
  now: Date;
}

export interface SandboxPortal {
  id: string;
  providerCustomerId: string;
  returnUrl: string;
  cards: SandboxPortalCard[];
}

export interface SandboxPortalCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type SandboxPortalCardResult =
  | { outcome: 'added'; portalId: string }
  | { outcome: 'refused'; portal: SandboxPortal; reason: CardRefusal; values: SandboxCardFields };

/** A portal link of this host's tenant that has not expired, like Stripe's portal sessions. */
async function findLivePortal({ db, tenantId, portalId, now }: SandboxPortalContext) {
  const [portal] = await db
    .select({
      id: sandboxPortalSessions.id,
      providerCustomerId: sandboxPortalSessions.providerCustomerId,
      returnUrl: sandboxPortalSessions.returnUrl,
      expiresAt: sandboxPortalSessions.expiresAt,
      tenantId: paymentCustomers.tenantId,
    })
    .from(sandboxPortalSessions)
    .innerJoin(
      paymentCustomers,
      and(
        eq(paymentCustomers.provider, 'sandbox'),
        eq(paymentCustomers.providerCustomerId, sandboxPortalSessions.providerCustomerId),
      ),
    )
    .where(eq(sandboxPortalSessions.id, portalId));
  if (!portal || portal.tenantId !== tenantId) throw notFound('Customer portal');
  if (portal.expiresAt.getTime() < now.getTime()) {
    throw new AppError(410, 'portal_expired', m.sandboxPortalExpired);
  }
  return { id: portal.id, providerCustomerId: portal.providerCustomerId, returnUrl: portal.returnUrl };
}

async function withCards(db: Database, portal: Omit<SandboxPortal, 'cards'>): Promise<SandboxPortal> {
  const cards = await db
    .select({
      id: sandboxCards.id,
      brand: sandboxCards.brand,
      last4: sandboxCards.last4,
      expMonth: sandboxCards.expMonth,
      expYear: sandboxCards.expYear,
    })
    .from(sandboxCards)
    .where(eq(sandboxCards.providerCustomerId, portal.providerCustomerId))
    .orderBy(sandboxCards.createdAt);
  return { ...portal, cards };
}

/** The portal page: the customer's saved cards, oldest first. */
export async function openSandboxPortal(context: SandboxPortalContext): Promise<SandboxPortal> {
  return withCards(context.db, await findLivePortal(context));
}

/** Saves an accepted card on the portal's customer; a refused one shows the form again. */
export async function addSandboxPortalCard(
  context: SandboxPortalContext,
  fields: SandboxCardFields,
): Promise<SandboxPortalCardResult> {
  const portal = await findLivePortal(context);
  const result = readSandboxCard(fields, context.now);
  if (!result.ok) {
    return {
      outcome: 'refused',
      portal: await withCards(context.db, portal),
      reason: result.reason,
      values: fields,
    };
  }
  await context.db
    .insert(sandboxCards)
    .values({ providerCustomerId: portal.providerCustomerId, ...result.card });
  return { outcome: 'added', portalId: portal.id };
}

/** Removes one of the portal customer's cards; another customer's card is left alone. */
export async function removeSandboxPortalCard(context: SandboxPortalContext, cardId: string) {
  const portal = await findLivePortal(context);
  await context.db
    .delete(sandboxCards)
    .where(and(eq(sandboxCards.id, cardId), eq(sandboxCards.providerCustomerId, portal.providerCustomerId)));
}
