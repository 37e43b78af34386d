import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config';
import { unauthorized } from '../../errors';
import { resolveJwtKey } from './jwt-secret';

/** 'platform-admin' tokens are for the bare host (audience 'www'), never a tenant's. */
export type TokenRole = 'customer' | 'operator' | 'platform-admin';

export interface AccessTokenClaims {
  /** The account id (customers.id, or the operator's id). */
  subject: string;
  /** The tenant the token is for; carried as the audience. */
  subdomain: string;
  role: TokenRole;
  /** The account's token version when signed; a higher one in the database revokes the token. */
  version: number;
  issuedAt: Date;
  expiresAt: Date;
}

export const TOKEN_ISSUER = 'parking-portal';
/** The only algorithm accepted: a token claiming `none`, RS256 or anything else is refused. */
const ALGORITHM = 'HS256';
const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A compact JWS: three base64url parts, no padding. */
const COMPACT_JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

type TokenConfig = Pick<Config, 'JWT_SECRET' | 'DATA_DIR' | 'JWT_TTL_SECONDS'>;

/**
 * Signs an access token for one account on one tenant. `now` defaults to the system time; the
 * API passes its injected clock so tests can move time past the expiry.
 */
export async function signAccessToken(
  config: TokenConfig,
  claims: { subject: string; subdomain: string; role: TokenRole; version: number },
  options: { now?: Date } = {},
): Promise<string> {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return new SignJWT({ role: claims.role, ver: claims.version })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.subject)
    .setAudience(claims.subdomain)
    .setIssuer(TOKEN_ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + config.JWT_TTL_SECONDS)
    .sign(resolveJwtKey(config));
}

/**
 * Checks signature (HS256 only), issuer, audience (the tenant's subdomain), expiry and role, and
 * returns the claims. Every failure is the same 401, so a caller learns nothing about why.
 */
export async function verifyAccessToken(
  config: TokenConfig,
  token: string,
  expected: { subdomain: string; role: TokenRole },
  options: { now?: Date } = {},
): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, resolveJwtKey(config), {
      algorithms: [ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: expected.subdomain,
      requiredClaims: ['sub', 'exp', 'iat'],
      currentDate: options.now,
    });
    const { role, ver, sub, iat, exp } = payload;
    if (
      role !== expected.role ||
      (role !== 'customer' && role !== 'operator' && role !== 'platform-admin') ||
      typeof ver !== 'number' ||
      !Number.isInteger(ver) ||
      // Account ids are UUIDs: any other subject (even under our own key) names no account.
      !sub ||
      !UUID_PATTERN.test(sub)
    ) {
      throw unauthorized(SESSION_EXPIRED);
    }
    return {
      subject: sub,
      subdomain: expected.subdomain,
      role,
      version: ver,
      issuedAt: new Date((iat ?? 0) * 1000),
      expiresAt: new Date((exp ?? 0) * 1000),
    };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError)
      throw unauthorized(SESSION_EXPIRED);
    throw error;
  }
}

/**
 * The token of an `Authorization: Bearer <jwt>` header, or null. The scheme is case-insensitive
 * (RFC 9110, 11.1); the token has one canonical spelling (one space before it, a compact JWT): a
 * token that still verifies when respelled would let one session look like many (rate-limit keys,
 * logs, caches).
 */
const BEARER_SCHEME = /^bearer /i;

export function bearerTokenFrom(header: string | undefined): string | null {
  const token = bearerCredentialFrom(header);
  return token && COMPACT_JWT.test(token) ? token : null;
}

/**
 * The credential of an `Authorization: Bearer <credential>` header, the scheme in any case, the
 * credential in its one canonical spelling (an enforcement API key, a sign-in token), or null;
 * each caller checks its own format.
 */
export function bearerCredentialFrom(header: string | undefined): string | null {
  if (!header || !BEARER_SCHEME.test(header)) return null;
  const credential = header.slice('Bearer '.length);
  return /^[A-Za-z0-9._~+/=-]{1,1024}$/.test(credential) ? credential : null;
}
