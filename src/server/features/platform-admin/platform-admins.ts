import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { BARE_HOST_TENANT } from '../../../shared/rules';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type PlatformAdminRow, platformAdmins } from '../../db/schema';
import { notFound, unauthorized } from '../../errors';
import { bearerTokenFrom, passwords, signAccessToken, verifyAccessToken } from '../auth';

const LOGIN_FAILED = 'Email or password is incorrect.';

/**
 * A strong random password for a new platform admin, printed once by the CLI: 18 characters of
 * base64url (108 bits) plus a fixed tail that satisfies the strength rule's character classes.
 */
export function generateInitialPassword(): string {
  return `${randomBytes(18).toString('base64url')}#Aa1`;
}

async function findPlatformAdminByEmail(db: Database, email: string): Promise<PlatformAdminRow | null> {
  const [row] = await db
    .select()
    .from(platformAdmins)
    .where(sql`lower(${platformAdmins.email}) = lower(${email})`);
  return row ?? null;
}

/** Creates a platform admin, or gives an existing one a new password (revoking their tokens). */
export async function upsertPlatformAdmin(
  db: Database,
  email: string,
  password: string,
): Promise<{ row: PlatformAdminRow; isNew: boolean }> {
  const passwordHash = await passwords.hash(password);
  const existing = await findPlatformAdminByEmail(db, email);
  if (existing) {
    const [row] = await db
      .update(platformAdmins)
      .set({ passwordHash, tokenVersion: sql`${platformAdmins.tokenVersion} + 1` })
      .where(eq(platformAdmins.id, existing.id))
      .returning();
    if (!row) throw new Error('The platform admin update returned no row.');
    return { row, isNew: false };
  }
  const [row] = await db
    .insert(platformAdmins)
    .values({ email: email.toLowerCase(), passwordHash })
    .returning();
  if (!row) throw new Error('The platform admin insert returned no row.');
  return { row, isNew: true };
}

let decoyHash: Promise<string> | null = null;

/** Sign-in on the bare host; every failure is the same 401 after the same hashing work. */
export async function signInPlatformAdmin(deps: {
  db: Database;
  config: Config;
  clock: Clock;
  email: string;
  password: string;
}): Promise<{ jwtToken: string; email: string }> {
  const admin = deps.email ? await findPlatformAdminByEmail(deps.db, deps.email.trim()) : null;
  decoyHash ??= passwords.hash('decoy password that never matches');
  const isMatch = await passwords.verify(admin?.passwordHash ?? (await decoyHash), deps.password);
  if (!admin || !isMatch) throw unauthorized(LOGIN_FAILED);
  const jwtToken = await signAccessToken(
    deps.config,
    { subject: admin.id, subdomain: BARE_HOST_TENANT, role: 'platform-admin', version: admin.tokenVersion },
    { now: deps.clock.now() },
  );
  return { jwtToken, email: admin.email };
}

/**
 * The signed-in platform admin. Their calls exist on the bare host only: on a tenant's host they
 * are 404s, so a tenant's portal shows no trace of the platform's administration.
 */
export async function requirePlatformAdmin(
  request: Pick<FastifyRequest, 'hostSubdomain' | 'headers'>,
  deps: { db: Database; config: Config; clock: Clock },
): Promise<PlatformAdminRow> {
  if (request.hostSubdomain) throw notFound('Page');
  const token = bearerTokenFrom(request.headers.authorization);
  if (!token) throw unauthorized();
  const claims = await verifyAccessToken(
    deps.config,
    token,
    { subdomain: BARE_HOST_TENANT, role: 'platform-admin' },
    { now: deps.clock.now() },
  );
  const [admin] = await deps.db.select().from(platformAdmins).where(eq(platformAdmins.id, claims.subject));
  if (!admin || admin.tokenVersion !== claims.version) throw unauthorized();
  return admin;
}
