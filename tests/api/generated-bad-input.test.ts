import { randomUUID } from 'node:crypto';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import type { RouteContract } from '../../src/shared/contract';
import { DEVELOPER_TEXT } from '../support/developer-text';
import { buildCitation, buildCustomer, buildTenant } from '../support/factories';
import { allRouteContracts } from '../support/route-contracts';
import { signIn } from '../support/sessions';
import { useTestApp } from '../support/test-app';

/**
 * Bad input generated from the route table (issue 13): every contract's route is sent hostile
 * params, queries and bodies — control characters, a 1 MB string, deep nesting, wrong types and
 * wrong content types — as an anonymous caller and as a signed-in customer. Whatever the route,
 * no answer may be a 5xx, no refused request may write a row, and no refusal may read as developer
 * text (issue 33): its message is a sentence for a person, the field's path stays in `field`.
 */
/** At least 10,000 requests a run, spread over the routes (issue 13), and at least 100 per route. */
const MIN_REQUESTS = Number(process.env.BAD_INPUT_MIN_REQUESTS ?? 10_000);
const REQUESTS_PER_ROUTE = Math.max(100, Math.ceil(MIN_REQUESTS / allRouteContracts().length));

const tenant = buildTenant({
  subdomain: 'fuzz',
  citations: [buildCitation({ citationNumber: 'F100' })],
  customers: [buildCustomer({ email: 'fuzz@example.com' })],
});
const t = useTestApp({ seed: { tenants: [tenant] } });

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u001b[31m',
    '\u007f',
    '../../etc/passwd',
    "' OR 1=1 --",
    '%00',
    '%',
    '{{7*7}}',
    '<script>alert(1)</script>',
    '\ud800',
    '',
    ' ',
    'blank',
    'null',
  ),
  fc.constant('x'.repeat(70_000)),
  fc.uuid(),
);

/** Percent-encodes a value; a lone surrogate (which cannot be encoded) goes as the raw bytes of one. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** A JSON value nested `depth` levels deep. */
const deeplyNested = (depth: number): unknown => {
  let value: unknown = 'end';
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
};

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 5 }),
  fc.constant(deeplyNested(2_000)),
  fc.constant({ __proto__: { isAdmin: true }, constructor: { prototype: { polluted: true } } }),
);

/** A body: an object with the contract's own keys filled with hostile values, or anything at all. */
function hostileBody(contract: RouteContract): fc.Arbitrary<unknown> {
  const shape = (contract.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  const keys = shape ? Object.keys(shape) : ['email', 'password', 'subdomain'];
  return fc.oneof(
    fc.record(Object.fromEntries(keys.map((key) => [key, hostileValue])), { requiredKeys: [] }),
    hostileValue,
    fc.constant('x'.repeat(1_100_000)),
  );
}

function hostilePath(contract: RouteContract): fc.Arbitrary<string> {
  const names = [...contract.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] ?? '');
  return fc.tuple(...names.map(() => hostileString)).map((values) => {
    let index = 0;
    return contract.path.replace(/:([A-Za-z_]+)/g, () => encodeSegment(String(values[index++] ?? '')));
  });
}

const hostileQuery = fc
  .dictionary(fc.constantFrom('code', 'subdomain', 'timezone', 'to', 'visitor_only', 'x'), hostileString, {
    maxKeys: 3,
  })
  .map((query) => {
    const pairs = Object.entries(query).map(([key, value]) => `${key}=${encodeSegment(value)}`);
    return pairs.length ? `?${pairs.join('&')}` : '';
  });

const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
);

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/**
 * One fingerprint of every table's rows (an md5 of each table's rows as text), in one query: a
 * refused request that inserts, updates or deletes anything changes it.
 */
const fingerprintQuery = sql.raw(
  `SELECT ${tables
    .map((table) => {
      const name = getTableConfig(table).name;
      return `(SELECT md5(coalesce(string_agg(r::text, ',' ORDER BY r::text), '')) FROM "${name}" r) AS "${name}"`;
    })
    .join(', ')}`,
);

async function fingerprint(): Promise<Record<string, string>> {
  const [row] = await queryRows<Record<string, string>>(t.db, fingerprintQuery);
  return row ?? {};
}

/**
 * The next transaction id PostgreSQL will assign: it moves only when something writes, so a cheap
 * first look; the fingerprint says what changed (other databases on the same server move it too).
 */
async function nextTransactionId(): Promise<string> {
  const [row] = await queryRows<{ next: string }>(
    t.db,
    sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next`,
  );
  return row?.next ?? '';
}

/** The tables whose fingerprints differ. */
function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((name) => before[name] !== after[name]);
}

/** The `message` of an error answer, or null when the answer is not `{ code, message }`. */
function readMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : null;
  } catch {
    return null;
  }
}

describe('bad input generated from every contract', () => {
  // Thousands of requests in one test: its time limit is generous, never a measure of speed.
  it('never answers 5xx and writes nothing for a refused request', { timeout: 20 * 60_000 }, async () => {
    const customerToken = await signIn(t, 'fuzz', 'fuzz@example.com');
    const serverErrors: string[] = [];
    const refusedWrites: string[] = [];
    const developerTexts = new Set<string>();
    let checkedRefusals = 0;
    let sent = 0;
    let lastPrint = await fingerprint();
    let lastTransactionId = await nextTransactionId();
    for (const { name, contract } of allRouteContracts()) {
      const request = fc.record({
        path: hostilePath(contract),
        query: hostileQuery,
        body: hostileBody(contract),
        contentType,
        authorization: fc.constantFrom(null, customerToken, 'Bearer x', `Bearer ${randomUUID()}`, 'Basic x'),
      });
      for (const sample of fc.sample(request, { numRuns: REQUESTS_PER_ROUTE, seed: 20261121 })) {
        const hasBody = contract.method !== 'GET';
        const payload = !hasBody
          ? undefined
          : typeof sample.body === 'string'
            ? sample.body
            : JSON.stringify(sample.body ?? null);
        const response = await t.request('fuzz', {
          method: contract.method,
          url: `/api/v1${sample.path}${sample.query}`,
          headers: {
            ...(hasBody ? { 'content-type': sample.contentType } : {}),
            ...(sample.authorization ? { authorization: sample.authorization } : {}),
          },
          payload,
        });
        sent++;
        if (response.statusCode >= 500) {
          serverErrors.push(
            `${name} ${contract.method} ${sample.path.slice(0, 80)}: ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
        if (response.statusCode >= 400 && response.statusCode < 500) {
          const message = readMessage(response.body);
          if (message === null || DEVELOPER_TEXT.test(message)) {
            developerTexts.add(`${name} ${response.statusCode}: ${String(message).slice(0, 160)}`);
          }
        }
        // Every call that may write is checked, request by request: a refused one changed nothing,
        // whatever was accepted before it.
        if (!hasBody) continue;
        if (response.statusCode >= 400) checkedRefusals++;
        const transactionId = await nextTransactionId();
        if (transactionId === lastTransactionId) continue;
        const print = await fingerprint();
        const changed = changedTables(lastPrint, print);
        if (response.statusCode >= 400 && changed.length) {
          refusedWrites.push(`${name} ${response.statusCode}: wrote ${changed.join(', ')}`);
        }
        lastPrint = print;
        lastTransactionId = transactionId;
      }
    }
    expect(serverErrors).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(allRouteContracts().length * REQUESTS_PER_ROUTE);
    expect(refusedWrites).toEqual([]);
    expect([...developerTexts]).toEqual([]);
    expect(checkedRefusals).toBeGreaterThan(1000);
  });
});
