import { describe, expect, it } from 'vitest';
import { operatorActor } from '../../src/server/features/permissions/actors';
import { can } from '../../src/server/features/permissions/policy';
import type { RouteContract } from '../../src/shared/contract';
import { OPERATOR_ROLES, type OperatorRole } from '../../src/shared/rules/operator-roles';
import {
  buildAppeal,
  buildCitation,
  buildOperator,
  buildTenant,
  TEST_OPERATOR_PASSWORD,
} from '../support/factories';
import { allRouteContracts } from '../support/route-contracts';
import { sampleInput } from '../support/sample-input';
import { useTestApp } from '../support/test-app';

/**
 * The role matrix generated from the route table (issue 13, decision 151): every operator route
 * names the permission it needs in its contract, and here every role of tenant A calls every such
 * route with A's ids. A role the policy denies gets 403 and none of A's data; a role it allows is
 * let through (whatever else the generated input earns it); B's operators of every role never get
 * past 403/404 on A's ids. A console route added tomorrow is covered by declaring its contract.
 */
const MARKERS = { citationNumber: 'ROLESECRET1', plate: 'ROLEPLATE1', name: 'Rolf Secretname' };
const appellantEmail = 'rolf.secret@alpha.example';

const operatorEmail = (subdomain: string, role: OperatorRole) => `${role}@${subdomain}.example`;
const operatorsOfEveryRole = (subdomain: string) =>
  OPERATOR_ROLES.map((role) => buildOperator({ email: operatorEmail(subdomain, role), role }));

const alpha = buildTenant({
  subdomain: 'alpha',
  citations: [buildCitation({ citationNumber: MARKERS.citationNumber, plate: MARKERS.plate })],
  operators: operatorsOfEveryRole('alpha'),
  appeals: [
    buildAppeal({ citationNumber: MARKERS.citationNumber, name: MARKERS.name, email: appellantEmail }),
  ],
});
const beta = buildTenant({ subdomain: 'beta', operators: operatorsOfEveryRole('beta') });
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

interface RoleCaller {
  role: OperatorRole;
  authorization: string;
  operatorId: string;
  tenantId: string;
}

async function signInOperator(subdomain: string, role: OperatorRole): Promise<RoleCaller> {
  const response = await t.request(subdomain, {
    method: 'POST',
    url: '/api/v1/dashboard/auth/login',
    payload: { email: operatorEmail(subdomain, role), password: TEST_OPERATOR_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`operator sign-in failed: ${response.body}`);
  const authorization = `Bearer ${response.json().jwtToken}`;
  const tenant = await t.app.tenants.get(subdomain);
  if (!tenant) throw new Error(`no tenant ${subdomain}`);
  // The policy decides by role and tenant; the actor's operator id plays no part in it.
  return { role, authorization, operatorId: 'role-matrix', tenantId: tenant.id };
}

/**
 * The caller, signed in again if an earlier route ended its session (sign out everywhere bumps the
 * token version): each route is judged with a live token, and its own 401 is still seen.
 */
async function withLiveToken(subdomain: string, caller: RoleCaller): Promise<RoleCaller> {
  const me = await t.request(subdomain, {
    method: 'GET',
    url: '/api/v1/dashboard/me',
    headers: { authorization: caller.authorization },
  });
  return me.statusCode === 200 ? caller : signInOperator(subdomain, caller.role);
}

type ContractWithPermission = {
  name: string;
  contract: RouteContract & { permission: NonNullable<RouteContract['permission']> };
};
const operatorContracts = () =>
  allRouteContracts().filter(({ contract }) => contract.auth === 'operator') as ContractWithPermission[];
/**
 * The operator routes, and the enforcement routes an officer's session may call (the patrol app,
 * decision 194); their tenant wall for sessions is tested in patrol-session.api.test.ts.
 */
const roleContracts = () => [
  ...operatorContracts(),
  ...(allRouteContracts().filter(
    ({ contract }) => contract.auth === 'enforcement-key' && contract.permission,
  ) as ContractWithPermission[]),
];

/** Every filling of the path with A's ids (the appeal's and the notice's uuids, its number). */
function pathsWithAlphaIds(contract: RouteContract, uuids: string[]): string[] {
  if (!/:[A-Za-z_]/.test(contract.path)) return [contract.path];
  return uuids.map((uuid) =>
    contract.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) =>
      name === 'number'
        ? MARKERS.citationNumber
        : name === 'subdomain'
          ? 'alpha'
          : name === 'plate'
            ? MARKERS.plate
            : uuid,
    ),
  );
}

/** A's data in an answer: its notice, plate or appellant. */
const showsAlphaData = (body: string) =>
  [...Object.values(MARKERS), appellantEmail].some((marker) =>
    body.toLowerCase().includes(marker.toLowerCase()),
  );

/**
 * A path whose only parameter is a plate names no record of A: B's operator looking a plate up on
 * B's host is answered from B's own data (200), which may echo the plate asked about but nothing
 * else of A's.
 */
const namesOnlyAPlate = (path: string) => /:plate\b/.test(path) && !/:(?!plate\b)[A-Za-z_]/.test(path);
const showsAlphaRecords = (body: string) =>
  [MARKERS.citationNumber, MARKERS.name, appellantEmail].some((marker) =>
    body.toLowerCase().includes(marker.toLowerCase()),
  );

async function alphaUuids(admin: RoleCaller): Promise<string[]> {
  const appeals = await t.request('alpha', {
    method: 'GET',
    url: '/api/v1/dashboard/appeals',
    headers: { authorization: admin.authorization },
  });
  const search = await t.request('alpha', {
    method: 'GET',
    url: `/api/v1/portal/citation/p/${MARKERS.plate}/n/blank/o/alpha`,
  });
  return [appeals.json()[0]?.uuid, search.json()[0]?.uuid].filter((id): id is string => Boolean(id));
}

/**
 * A body the contract accepts where one can be sampled, so a role let through reaches the handler
 * (and its tenant check) rather than stopping at validation. The permission itself is checked
 * before validation, so for a denied role the body's shape does not matter.
 */
function bodyFor(contract: RouteContract): { payload?: Record<string, unknown> } {
  if (!contract.body) return {};
  const sample = sampleInput(contract.body);
  return { payload: (sample ?? {}) as Record<string, unknown> };
}
const bodyIsValid = (contract: RouteContract) => !contract.body || sampleInput(contract.body) !== undefined;

describe('the role matrix over every operator route', () => {
  it('has a permission on every operator contract', () => {
    const missing = operatorContracts()
      .filter(({ contract }) => !contract.permission)
      .map(({ name }) => name);
    expect(missing).toEqual([]);
    expect(operatorContracts().length).toBeGreaterThan(0);
  });

  it("answers each of A's roles as the policy says", { timeout: 5 * 60_000 }, async () => {
    let callers = await Promise.all(OPERATOR_ROLES.map((role) => signInOperator('alpha', role)));
    const uuids = await alphaUuids(callers[0] as RoleCaller);
    expect(uuids).toHaveLength(2);
    const wrong: string[] = [];
    let denied = 0;
    let allowed = 0;
    for (const { name, contract } of roleContracts()) {
      callers = await Promise.all(callers.map((caller) => withLiveToken('alpha', caller)));
      for (const caller of callers) {
        const mayDo = can(
          operatorActor({ id: caller.operatorId, tenantId: caller.tenantId, role: caller.role }),
          contract.permission,
        );
        for (const path of pathsWithAlphaIds(contract, uuids)) {
          const response = await t.request('alpha', {
            method: contract.method,
            url: `/api/v1${path}`,
            headers: { authorization: caller.authorization },
            ...bodyFor(contract),
          });
          const status = response.statusCode;
          if (mayDo) allowed++;
          else denied++;
          if (!mayDo && (status !== 403 || showsAlphaData(response.body)))
            wrong.push(`${name} as ${caller.role} (no ${contract.permission}): ${status}`);
          if (mayDo && (status === 401 || status === 403 || status >= 500))
            wrong.push(`${name} as ${caller.role} (has ${contract.permission}): ${status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Both halves ran: the check proves nothing if no role was denied, or none let through.
    expect(denied).toBeGreaterThan(0);
    expect(allowed).toBeGreaterThan(0);
  });

  it("keeps B's operators of every role out of A's records", { timeout: 5 * 60_000 }, async () => {
    const admin = await signInOperator('alpha', 'tenant_admin');
    const uuids = await alphaUuids(admin);
    const betaCallers = await Promise.all(OPERATOR_ROLES.map((role) => signInOperator('beta', role)));
    const wrong: string[] = [];
    let checked = 0;
    for (const { name, contract } of operatorContracts()) {
      if (!/:[A-Za-z_]/.test(contract.path)) continue;
      for (const caller of betaCallers) {
        const mayDo = can(
          operatorActor({ id: caller.operatorId, tenantId: caller.tenantId, role: caller.role }),
          contract.permission,
        );
        for (const path of pathsWithAlphaIds(contract, uuids)) {
          // On B's own host A's ids are unknown (404; 403 first for a role without the permission);
          // on A's host B's token is no operator's of A (401).
          const isPlateLookup = namesOnlyAPlate(contract.path);
          const foundOnBeta = isPlateLookup ? 200 : 404;
          for (const [host, expected] of [
            // A body that could not be sampled may be refused (400) before the lookup.
            ['beta', mayDo ? (bodyIsValid(contract) ? foundOnBeta : 400) : 403],
            ['alpha', 401],
          ] as const) {
            const response = await t.request(host, {
              method: contract.method,
              url: `/api/v1${path}`,
              headers: { authorization: caller.authorization },
              ...bodyFor(contract),
            });
            checked++;
            const leaks = isPlateLookup ? showsAlphaRecords(response.body) : showsAlphaData(response.body);
            if (response.statusCode !== expected || leaks)
              wrong.push(`${name} as ${caller.role} of B on ${host}: ${response.statusCode}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });
});
