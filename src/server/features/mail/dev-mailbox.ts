import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { type DevMailboxRow, devMailbox } from '../../db/schema';

export const devMailboxListQuerySchema = z.object({ to: z.string().max(320).optional() });
export const devMailboxMessageParamsSchema = z.object({ id: z.uuid() });

/** The newest 200 messages the development outbox delivered, to one address when `to` is given. */
export async function listDevMailbox(db: Database, to?: string): Promise<DevMailboxRow[]> {
  const query = db.select().from(devMailbox);
  const filtered = to ? query.where(sql`lower(${devMailbox.toAddress}) = lower(${to})`) : query;
  return filtered.orderBy(desc(devMailbox.deliveredAt), desc(devMailbox.id)).limit(200);
}

export async function findDevMailboxMessage(db: Database, id: string): Promise<DevMailboxRow | null> {
  const [message] = await db.select().from(devMailbox).where(eq(devMailbox.id, id));
  return message ?? null;
}
