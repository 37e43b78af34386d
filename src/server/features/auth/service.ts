import { and, eq, sql } from 'drizzle-orm';
import type { SessionResponse } from '../../../shared/contract';
import { accountMessages, withSupport } from '../../../shared/messages';
import { inputErrorMessages } from '../../../shared/messages/input-errors';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { newPublicId } from '../../db/public-id';
import { type CustomerRow, customers, signupCodes, type TenantRow } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { findCustomerByEmail, isUniqueViolation } from '../customers';
import {
  enqueuePasswordChangedEmail,
  enqueuePasswordResetEmail,
  enqueueWelcomeEmail,
} from './account-emails';
import { consumeOneTimeToken, retireTokens } from './one-time-tokens';
import { passwords } from './password-hash';
import { signAccessToken } from './tokens';

export interface AuthDeps {
  db: Database;
  config: Config;
  clock: Clock;
}

/**
 * Verified against when no account matches, so "no such address" costs as long as "wrong
 * password" and the timing does not reveal which addresses have accounts.
 */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => {
  dummyHash ??= passwords.hash('not-a-real-password-#1A');
  return dummyHash;
};

const support = (tenant: TenantRow) => tenant.contactEmail;

export async function issueSession(
  deps: AuthDeps,
  tenant: TenantRow,
  customer: CustomerRow,
): Promise<SessionResponse> {
  const jwtToken = await signAccessToken(
    deps.config,
    { subject: customer.id, subdomain: tenant.subdomain, role: 'customer', version: customer.tokenVersion },
    { now: deps.clock.now() },
  );
  return { jwtToken, uuid: customer.id, customerPublicId: customer.customerPublicId };
}

export async function logIn(
  deps: AuthDeps & { tenant: TenantRow; email: string; password: string },
): Promise<SessionResponse> {
  const customer = await findCustomerByEmail(deps.db, deps.tenant.id, deps.email);
  // A guest or invited account has no password yet: it is refused like a wrong password, after
  // the same hashing work, so the answer does not reveal which addresses hold such accounts.
  const storedHash = customer?.passwordHash ?? (await getDummyHash());
  const isMatch = await passwords.verify(storedHash, deps.password);
  if (!customer?.passwordHash || !isMatch) {
    throw new AppError(
      401,
      'invalid_credentials',
      withSupport(accountMessages.loginFailed, support(deps.tenant)),
    );
  }
  // A tenant that issues no passes has no permit dashboard to sign in to (section 8's
  // 'unauthorized' banner). Checked after the password, so it reveals nothing to a guesser.
  if (deps.tenant.isCitationOnly) {
    throw forbidden(withSupport(accountMessages.loginUnauthorized, support(deps.tenant)));
  }
  return issueSession(deps, deps.tenant, customer);
}

/** The tenant issues no passes (citation-only): nobody signs up or checks codes there. */
function assertIssuesPasses(tenant: TenantRow, status: 403 | 404) {
  if (tenant.isCitationOnly) {
    throw new AppError(
      status,
      status === 403 ? 'forbidden' : 'not_found',
      withSupport(accountMessages.signupNotAuthorized, support(tenant)),
    );
  }
}

export async function signUp(
  deps: AuthDeps & {
    tenant: TenantRow;
    input: {
      email: string;
      password: string;
      fullname: string;
      unit: string | null;
      building: string | null;
      signupCode: string | null;
    };
  },
): Promise<SessionResponse> {
  const { tenant, input } = deps;
  assertIssuesPasses(tenant, 403);
  // Login-only private tenants hand out accounts by code only (part 1 section 2, Home).
  if (tenant.isPrivate && tenant.isLoginOnly && !input.signupCode) {
    throw new AppError(401, 'code_required', accountMessages.codeRequired);
  }
  if (await findCustomerByEmail(deps.db, tenant.id, input.email)) {
    // Hash anyway, so a known address answers in the time a new one takes (no timing oracle).
    await passwords.hash(input.password);
    throw conflict(accountMessages.signupEmailTaken);
  }
  // Hash outside the transaction: it takes tens of milliseconds and needs no lock.
  const passwordHash = await passwords.hash(input.password);
  const now = deps.clock.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      const customer = await deps.db.transaction(async (tx) => {
        let codeId: string | null = null;
        if (input.signupCode) {
          const [code] = await tx
            .select()
            .from(signupCodes)
            .where(and(eq(signupCodes.tenantId, tenant.id), eq(signupCodes.code, input.signupCode)))
            .for('update');
          if (!code) throw new AppError(401, 'invalid_code', accountMessages.codeInvalid);
          if (code.usedAt) throw new AppError(401, 'code_used', accountMessages.codeUsed);
          codeId = code.id;
        }
        const [row] = await tx
          .insert(customers)
          .values({
            tenantId: tenant.id,
            customerPublicId: newPublicId(),
            signupCode: input.signupCode,
            fullname: input.fullname,
            email: input.email,
            passwordHash,
            unit: input.unit,
            building: input.building,
            passwordChangedAt: now,
            createdAt: now,
          })
          .returning();
        if (!row) throw new Error('The customer insert returned no row.');
        if (codeId) {
          await tx
            .update(signupCodes)
            .set({ usedAt: now, usedByCustomerId: row.id })
            .where(eq(signupCodes.id, codeId));
        }
        await enqueueWelcomeEmail({ tx, config: deps.config, tenant, customer: row, now });
        return row;
      });
      return await issueSession(deps, tenant, customer);
    } catch (error) {
      if (isUniqueViolation(error, 'customers_tenant_email_key'))
        throw conflict(accountMessages.signupEmailTaken);
      if (isUniqueViolation(error, 'customers_tenant_public_id_key') && attempt < 5) continue;
      throw error;
    }
  }
}

/** Part 2 section 8: 401 unknown code, 404 tenant not issuing passes, 409 code already used. */
export async function checkSignupCode(
  deps: AuthDeps & { tenant: TenantRow; code: string },
): Promise<{ code: string; isValid: true }> {
  assertIssuesPasses(deps.tenant, 404);
  const [code] = await deps.db
    .select()
    .from(signupCodes)
    .where(and(eq(signupCodes.tenantId, deps.tenant.id), eq(signupCodes.code, deps.code)));
  if (!code) throw new AppError(401, 'invalid_code', accountMessages.codeInvalid);
  if (code.usedAt) throw new AppError(409, 'code_used', accountMessages.codeUsed);
  return { code: code.code, isValid: true };
}

/** Raising the token version in the same update revokes every token signed before. */
async function setPassword(
  deps: AuthDeps,
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  customer: CustomerRow,
  passwordHash: string,
): Promise<CustomerRow> {
  const [row] = await tx
    .update(customers)
    .set({
      passwordHash,
      passwordChangedAt: deps.clock.now(),
      tokenVersion: sql`${customers.tokenVersion} + 1`,
    })
    .where(eq(customers.id, customer.id))
    .returning();
  if (!row) throw notFound('Customer');
  return row;
}

export async function changePassword(
  deps: AuthDeps & { tenant: TenantRow; customer: CustomerRow; oldPassword: string; newPassword: string },
): Promise<{ jwtToken: string }> {
  const currentHash = deps.customer.passwordHash;
  if (!currentHash || !(await passwords.verify(currentHash, deps.oldPassword))) {
    throw forbidden(accountMessages.wrongCurrentPassword);
  }
  if (deps.oldPassword === deps.newPassword) {
    throw badRequest(inputErrorMessages.newPasswordSame, 'newPassword');
  }
  const passwordHash = await passwords.hash(deps.newPassword);
  const updated = await deps.db.transaction(async (tx) => {
    const row = await setPassword(deps, tx, deps.customer, passwordHash);
    await retireTokens(tx, { customerId: row.id, purpose: 'password_reset', now: deps.clock.now() });
    await enqueuePasswordChangedEmail({
      tx,
      config: deps.config,
      tenant: deps.tenant,
      customer: row,
      now: deps.clock.now(),
    });
    return row;
  });
  const session = await issueSession(deps, deps.tenant, updated);
  return { jwtToken: session.jwtToken };
}

export async function sendPasswordResetEmail(
  deps: AuthDeps & { tenant: TenantRow; email: string },
): Promise<{ message: string }> {
  const customer = await findCustomerByEmail(deps.db, deps.tenant.id, deps.email);
  // The spec's screen tells the visitor when no account has this address (part 1 section 8);
  // the per-client and per-address rate limits keep that from being used to list accounts.
  if (!customer) {
    throw new AppError(
      404,
      'not_found',
      withSupport(accountMessages.forgotPasswordFailed, support(deps.tenant)),
    );
  }
  await deps.db.transaction((tx) =>
    enqueuePasswordResetEmail({
      tx,
      config: deps.config,
      tenant: deps.tenant,
      customer,
      now: deps.clock.now(),
    }),
  );
  return { message: accountMessages.resetEmailSent };
}

export async function resetPassword(
  deps: AuthDeps & { tenant: TenantRow; token: string; password: string },
): Promise<{ message: string }> {
  const passwordHash = await passwords.hash(deps.password);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const token = await consumeOneTimeToken(tx, {
      tenantId: deps.tenant.id,
      token: deps.token,
      purpose: 'password_reset',
      now,
    });
    if (!token) throw new AppError(400, 'invalid_reset_link', accountMessages.resetFailed);
    const [customer] = await tx.select().from(customers).where(eq(customers.id, token.customerId));
    if (!customer) throw new AppError(400, 'invalid_reset_link', accountMessages.resetFailed);
    await setPassword(deps, tx, customer, passwordHash);
    await retireTokens(tx, { customerId: customer.id, purpose: 'password_reset', now });
  });
  return { message: accountMessages.resetSucceeded };
}

export async function verifyEmail(
  deps: AuthDeps & { tenant: TenantRow; token: string },
): Promise<{ message: string }> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const token = await consumeOneTimeToken(tx, {
      tenantId: deps.tenant.id,
      token: deps.token,
      purpose: 'email_verification',
      now,
    });
    // A link sent to an address the account no longer has proves nothing about the current one.
    const verified = token
      ? await tx
          .update(customers)
          .set({ emailVerifiedAt: now })
          .where(
            and(eq(customers.id, token.customerId), sql`lower(${customers.email}) = lower(${token.email})`),
          )
          .returning({ id: customers.id })
      : [];
    if (!verified.length)
      throw new AppError(400, 'invalid_verification_link', accountMessages.emailVerifyFailed);
  });
  return { message: accountMessages.emailVerified };
}
