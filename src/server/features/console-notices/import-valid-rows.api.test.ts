import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildOperator, buildTenant } from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';
import { queryRows } from '../../db/client';

/**
 * "Import the valid rows" beside all-or-nothing (issue 33): the rows with problems are left out
 * and counted, the others written together; a problem of the whole file still refuses it.
 */
const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'alpha',
        timezone: 'America/New_York',
        citationCodes: [{ name: 'EXPIRED METER', amount: 4500 }],
        citations: [buildCitation({ citationNumber: 'TAKEN1', citationName: 'EXPIRED METER' })],
        operators: [buildOperator({ email: 'staff@alpha.example', role: 'staff' })],
      }),
    ],
  },
});

let authorization = '';
beforeAll(async () => {
  authorization = await signInOperator(t, 'alpha', 'staff@alpha.example');
});

const importCsv = (csv: string, onlyValidRows?: boolean) =>
  t.request('alpha', {
    method: 'POST',
    url: '/api/v1/dashboard/notices/import',
    headers: { authorization },
    payload: { csv, ...(onlyValidRows === undefined ? {} : { onlyValidRows }) },
  });

const numbersLike = async (prefix: string) =>
  (
    await queryRows<{ n: string }>(
      t.db,
      sql`SELECT citation_number AS n FROM citations WHERE citation_number LIKE ${`${prefix}%`} ORDER BY 1`,
    )
  ).map((row) => row.n);

const auditCount = async () =>
  Number((await queryRows<{ n: string }>(t.db, sql`SELECT count(*)::text AS n FROM audit_log`))[0]!.n);

const header = 'citationNumber,plate,stateProv,createdOn,violationCode,amount';
const mixed = [
  header,
  'VAL-1,GOOD1,NY,2026-11-15,EXPIRED METER,',
  'VAL-2,,NY,2026-11-15,EXPIRED METER,',
  'TAKEN1,GOOD3,NY,2026-11-15,EXPIRED METER,',
  'VAL-4,GOOD4,NY,2026-11-15,NO SUCH CODE,',
  'VAL-5,GOOD5,NY,2026-11-16,EXPIRED METER,12.50',
].join('\n');

describe('importing the valid rows of a file', () => {
  it('still imports nothing by default when one row is bad', async () => {
    const refused = await importCsv(mixed);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Nothing was imported/);
    expect(await numbersLike('VAL-')).toEqual([]);
  });

  it('imports the valid rows and counts the rows left out, audited once', async () => {
    const before = await auditCount();
    const response = await importCsv(mixed, true);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 2, skipped: 3 });
    expect(await numbersLike('VAL-')).toEqual(['VAL-1', 'VAL-5']);
    expect(await auditCount()).toBeGreaterThan(before);
  });

  it('refuses a file whose every row is bad, and a problem of the whole file, writing nothing', async () => {
    const allBad = await importCsv([header, 'BAD-1,,NY,2026-11-15,EXPIRED METER,'].join('\n'), true);
    expect(allBad.statusCode).toBe(400);
    expect(allBad.json().message).toBe('Nothing was imported: no row of the file is valid.');
    const badHeader = await importCsv(['citationNumber,plate,nonsense', 'BAD-2,P1,x'].join('\n'), true);
    expect(badHeader.statusCode).toBe(400);
    expect(badHeader.json().message).toMatch(/^Nothing was imported/);
    expect(await numbersLike('BAD-')).toEqual([]);
  });

  it('refuses an onlyValidRows that is not true or false', async () => {
    const response = await t.request('alpha', {
      method: 'POST',
      url: '/api/v1/dashboard/notices/import',
      headers: { authorization },
      payload: { csv: mixed, onlyValidRows: 'yes' },
    });
    expect(response.statusCode).toBe(400);
  });
});
