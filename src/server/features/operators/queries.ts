import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type OperatorRow, operators } from '../../db/schema';

export async function findOperatorByEmail(
  db: Database,
  tenantId: string,
  email: string,
): Promise<OperatorRow | null> {
  const [row] = await db
    .select()
    .from(operators)
    .where(and(eq(operators.tenantId, tenantId), sql`lower(${operators.email}) = lower(${email})`));
  return row ?? null;
}

export async function findOperatorById(
  db: Database,
  tenantId: string,
  operatorId: string,
): Promise<OperatorRow | null> {
  const [row] = await db
    .select()
    .from(operators)
    .where(and(eq(operators.tenantId, tenantId), eq(operators.id, operatorId)));
  return row ?? null;
}
