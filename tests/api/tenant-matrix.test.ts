import { describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/server/features/enforcement/api-keys';
import type { RouteContract } from '../../src/shared/contract';
import { OPERATOR_ROLES, type OperatorRole } from '../../src/shared/rules/operator-roles';
import {
  buildAppeal,
  buildBusinessAccount,
  buildCitation,
  buildCustomer,
  buildOperator,
  buildTenant,
} from '../support/factories';
import { allRouteContracts } from '../support/route-contracts';
import { signIn, signInOperator } from '../support/sessions';
import { useTestApp } from '../support/test-app';

/**
 * The tenant matrix generated from the route table (issue 13): every route, with every
 * id-bearing parameter naming tenant A's records, called by every kind of caller that is not of
 * tenant A — anonymous callers, B's customer, B's operators of each role and B's enforcement API
 * key, on B's host, on A's and on the bare host. The role half (a role of A without a route's
 * permission) is tests/api/role-matrix.test.ts. Tenant A's
 * records carry marker strings; no answer to those callers may contain one. A's own callers are
 * the pair's other half: some of their answers must contain the markers, or the check proves
 * nothing.
 */
const MARKERS = {
  citationNumber: 'ALPHASECRET1',
  plate: 'LEAKPLATE1',
  email: 'alice.secret@alpha.example',
  name: 'Alice Secretname',
};

/** One operator of each role (decision 151): every role is a caller kind of its own. */
const operatorEmail = (subdomain: string, role: OperatorRole) => `${role}@${subdomain}.example`;
function operatorsOfEveryRole(subdomain: string) {
  return OPERATOR_ROLES.map((role) => buildOperator({ email: operatorEmail(subdomain, role), role }));
}

const alpha = buildTenant({
  subdomain: 'alpha',
  citations: [
    buildCitation({
      citationNumber: MARKERS.citationNumber,
      plate: MARKERS.plate,
      createdOn: '2026-11-18T10:00:00Z',
    }),
  ],
  customers: [
    buildCustomer({ email: MARKERS.email, fullname: MARKERS.name }),
    buildCustomer({ email: 'member@alpha.example', customerEntityName: 'Alpha Fleet' }),
  ],
  businessAccounts: [buildBusinessAccount({ name: 'Alpha Fleet' })],
  operators: operatorsOfEveryRole('alpha'),
  appeals: [
    buildAppeal({ citationNumber: MARKERS.citationNumber, name: MARKERS.name, email: MARKERS.email }),
  ],
});
const beta = buildTenant({
  subdomain: 'beta',
  citations: [buildCitation({ citationNumber: 'BETA1', plate: 'BETAPLATE' })],
  customers: [buildCustomer({ email: 'bob@beta.example' })],
  operators: operatorsOfEveryRole('beta'),
});
const t = useTestApp({ seed: { tenants: [alpha, beta] } });

interface Caller {
  name: string;
  host: string;
  authorization?: string;
}

const operatorToken = (subdomain: string, email: string) => signInOperator(t, subdomain, email);

/** Tenant A's ids, by what a parameter of that name can mean. */
async function alphaIds(): Promise<Record<string, string[]>> {
  const search = await t.request('alpha', {
    method: 'GET',
    url: `/api/v1/portal/citation/p/${MARKERS.plate}/n/blank/o/alpha`,
  });
  const citationUuid = search.json()[0]?.uuid as string;
  const customer = await t.request('alpha', {
    method: 'GET',
    url: '/api/v1/portal/customer',
    headers: { authorization: await signIn(t, 'alpha', MARKERS.email) },
  });
  const customerUuid = customer.json().uuid as string;
  return {
    uuid: [citationUuid, customerUuid],
    id: [citationUuid, customerUuid],
    number: [MARKERS.citationNumber],
    plate: [MARKERS.plate],
    subdomain: ['alpha'],
  };
}

/** Every way to fill the contract's path with tenant A's ids (one per candidate id). */
function pathsFor(contract: RouteContract, ids: Record<string, string[]>, subdomain: string): string[] {
  const names = [...contract.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] ?? '');
  const variants = Math.max(1, ...names.map((name) => ids[name]?.length ?? 1));
  return Array.from({ length: variants }, (_, variant) =>
    contract.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
      if (name === 'subdomain') return subdomain;
      const candidates = ids[name] ?? ids.uuid ?? ['x'];
      return encodeURIComponent(candidates[variant % candidates.length] ?? 'x');
    }),
  );
}

/** A body naming tenant A's records wherever the contract's body has a field for them. */
function bodyFor(contract: RouteContract, ids: Record<string, string[]>, subdomain: string): unknown {
  const shape = (contract.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape) return undefined;
  return Object.fromEntries(
    Object.keys(shape).map((key) => {
      if (/subdomain/i.test(key)) return [key, subdomain];
      if (/uuid$|Id$|^id$/i.test(key)) return [key, ids.uuid?.[0] ?? 'x'];
      if (/email/i.test(key)) return [key, MARKERS.email];
      if (/number/i.test(key)) return [key, MARKERS.citationNumber];
      return [key, 'x'];
    }),
  );
}

describe('the tenant matrix over every route', () => {
  it("never answers another tenant's caller with tenant A's records", { timeout: 10 * 60_000 }, async () => {
    const ids = await alphaIds();
    const betaCustomer = await signIn(t, 'beta', 'bob@beta.example');
    const alphaCustomer = await signIn(t, 'alpha', MARKERS.email);
    const alphaMember = await signIn(t, 'alpha', 'member@alpha.example');
    const betaKey = `Bearer ${(await createApiKey(t.db, { tenantId: beta.uuid, name: 'patrol' })).key}`;
    const outsiders: Caller[] = [
      { name: 'anonymous on B', host: 'beta' },
      { name: 'customer of B on B', host: 'beta', authorization: betaCustomer },
      { name: 'customer of B on A', host: 'alpha', authorization: betaCustomer },
      { name: 'anonymous on the bare host', host: 'www' },
      { name: 'enforcement key of B on B', host: 'beta', authorization: betaKey },
      { name: 'enforcement key of B on A', host: 'alpha', authorization: betaKey },
      { name: 'enforcement key of B on the bare host', host: 'www', authorization: betaKey },
    ];
    for (const role of OPERATOR_ROLES) {
      const token = await operatorToken('beta', operatorEmail('beta', role));
      outsiders.push(
        { name: `${role} operator of B on B`, host: 'beta', authorization: token },
        { name: `${role} operator of B on A`, host: 'alpha', authorization: token },
      );
    }
    const insiders: Caller[] = [
      { name: 'customer of A', host: 'alpha', authorization: alphaCustomer },
      { name: 'business member of A', host: 'alpha', authorization: alphaMember },
    ];
    for (const role of OPERATOR_ROLES) {
      const token = await operatorToken('alpha', operatorEmail('alpha', role));
      insiders.push({ name: `${role} operator of A`, host: 'alpha', authorization: token });
    }
    const leaks: string[] = [];
    let insiderSightings = 0;
    for (const { name, contract } of allRouteContracts()) {
      // A public call on A's own host serves anyone, B's people included (notices are public
      // there): for it only the other hosts are outsiders.
      const callers = [...outsiders, ...insiders].filter(
        (caller) => contract.auth !== 'none' || caller.host !== 'alpha' || insiders.includes(caller),
      );
      for (const caller of callers) {
        // Outsiders on B's host name B where a path names a tenant; the ids stay A's.
        const pathSubdomain = caller.host === 'alpha' ? 'alpha' : 'beta';
        for (const path of pathsFor(contract, ids, pathSubdomain)) {
          const body = bodyFor(contract, ids, pathSubdomain);
          const response = await t.request(caller.host, {
            method: contract.method,
            url: `/api/v1${path}`,
            headers: caller.authorization ? { authorization: caller.authorization } : {},
            ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
          });
          // A marker the caller sent itself (a plate it asked about) coming back is an echo, not a
          // leak; A's other records (the notice number of that plate) would still show.
          const sent = `${path} ${JSON.stringify(body ?? null)}`.toLowerCase();
          const seen = Object.values(MARKERS).filter(
            (marker) =>
              response.body.toLowerCase().includes(marker.toLowerCase()) &&
              !sent.includes(marker.toLowerCase()),
          );
          if (insiders.includes(caller)) insiderSightings += seen.length;
          else if (seen.length > 0)
            leaks.push(`${name} as ${caller.name}: ${response.statusCode} shows ${seen.join(', ')}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(insiderSightings).toBeGreaterThan(0);
  });
});
