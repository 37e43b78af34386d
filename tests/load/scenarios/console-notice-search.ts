import http from 'node:http';
import { hashPassword } from '../../../src/server/features/auth/password-hash';
import type { Scenario, ScenarioContext } from '../scenario';
import { expectOkJson } from '../scenario';

/** Tenants whose console is searched, each with a bench operator signed in once. */
const TENANT_SAMPLE = 20;
const PLATES_PER_TENANT = 250;
export const OPERATOR_EMAIL = 'bench-console@bench.example';
export const OPERATOR_PASSWORD = 'Bench#Console2026';

/** POST as JSON to the server with a tenant's Host header (Node's fetch may not set Host). */
export function postJson(
  port: number,
  host: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * A bench operator (staff) on each of the first twenty tenants, added once (reruns reuse them) and
 * signed in: the console scenarios call with their tokens.
 */
export async function signInBenchOperators(
  context: ScenarioContext,
): Promise<{ id: string; subdomain: string; authorization: string }[]> {
  const { db, port } = context;
  if (!port) throw new Error('A console scenario needs the server port in its context.');
  const { rows: tenants } = await db.query<{ id: string; subdomain: string }>(
    'SELECT id, subdomain FROM tenants ORDER BY subdomain LIMIT $1',
    [TENANT_SAMPLE],
  );
  const passwordHash = await hashPassword(OPERATOR_PASSWORD);
  await db.query(
    `INSERT INTO operators (tenant_id, email, fullname, password_hash, role)
     SELECT id, $2, 'Bench console', $3, 'staff' FROM tenants WHERE id = ANY($1::uuid[])
     ON CONFLICT (tenant_id, lower(email)) DO UPDATE SET password_hash = excluded.password_hash`,
    [tenants.map((tenant) => tenant.id), OPERATOR_EMAIL, passwordHash],
  );
  const signedIn: { id: string; subdomain: string; authorization: string }[] = [];
  for (const tenant of tenants) {
    const login = await postJson(port, `${tenant.subdomain}.localhost`, '/api/v1/dashboard/auth/login', {
      email: OPERATOR_EMAIL,
      password: OPERATOR_PASSWORD,
    });
    if (login.status !== 200) throw new Error(`bench operator sign-in failed: ${login.status} ${login.body}`);
    const authorization = `Bearer ${(JSON.parse(login.body) as { jwtToken: string }).jwtToken}`;
    signedIn.push({ ...tenant, authorization });
  }
  return signedIn;
}

/**
 * The console's notice search (issue 11): GET /dashboard/notices?q={plate}, newest first, a page
 * of 25, with an operator's token, over real plates of twenty tenants. Measured beside
 * 'notice-lookup', the public search by plate on the same million notices: the console's must
 * answer within the same order of time. An operator per sampled tenant is added to the bench
 * database once (the only rows this scenario writes; reruns reuse them).
 */
export const consoleNoticeSearchScenario: Scenario = {
  id: 'console-notice-search',
  title: 'Console notice search by plate (operator)',
  server: 'portal',
  async prepare(context: ScenarioContext) {
    const { db } = context;
    const operators = await signInBenchOperators(context);
    const requests: { subdomain: string; plate: string; authorization: string }[] = [];
    for (const tenant of operators) {
      const { rows } = await db.query<{ plate: string }>(
        `SELECT DISTINCT plate FROM citations WHERE tenant_id = $1 ORDER BY plate LIMIT $2`,
        [tenant.id, PLATES_PER_TENANT],
      );
      for (const { plate } of rows)
        requests.push({ subdomain: tenant.subdomain, plate, authorization: tenant.authorization });
    }
    // Interleave the tenants so no one tenant's rows stay hot.
    requests.sort((a, b) => (a.plate + a.subdomain).localeCompare(b.plate + b.subdomain));
    let next = 0;
    return () => {
      const request = requests[next++ % requests.length]!;
      return {
        path: `/api/v1/dashboard/notices?q=${encodeURIComponent(request.plate)}&sort=issued&order=desc&pageSize=25`,
        host: `${request.subdomain}.localhost`,
        headers: { authorization: request.authorization },
      };
    };
  },
  check(status, body) {
    const problem = expectOkJson(status, body);
    if (problem) return problem;
    const page = JSON.parse(body) as { items?: unknown[] };
    return Array.isArray(page.items) && page.items.length > 0
      ? null
      : `expected notices, got: ${body.slice(0, 200)}`;
  },
};
