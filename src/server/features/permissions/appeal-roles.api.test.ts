import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, buildOperator, buildTenant } from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

/** The operator's appeal calls go through the one permission check: the role decides. */
let t: TestApp;
const PASSWORD = 'Operator#2026';

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      {
        ...buildTenant({ subdomain: 'roles' }),
        citations: ['R1', 'R2'].map((citationNumber) => buildCitation({ citationNumber })),
        appeals: ['R1', 'R2'].map((citationNumber) => ({
          citationNumber,
          name: 'Appellant',
          email: `${citationNumber.toLowerCase()}@example.com`,
          phoneNumber: '555',
          address: '1 Elm',
          reason: 'Reason',
          submissionDate: '2026-11-12T10:00:00Z',
        })),
        operators: [
          buildOperator({ email: 'admin@roles.example', password: PASSWORD }),
          buildOperator({ email: 'staff@roles.example', password: PASSWORD, role: 'staff' }),
          buildOperator({ email: 'officer@roles.example', password: PASSWORD, role: 'enforcement' }),
        ],
      },
    ],
  });
});
afterAll(() => t.close());

const tokenFor = (email: string) => signInOperator(t, 'roles', email, PASSWORD);

const list = (authorization: string) =>
  t.request('roles', { method: 'GET', url: '/api/v1/dashboard/appeals', headers: { authorization } });

const answer = (authorization: string, uuid: string) =>
  t.request('roles', {
    method: 'PUT',
    url: `/api/v1/dashboard/appeals/${uuid}`,
    headers: { authorization },
    payload: { isApproved: true },
  });

async function appealUuid(number: string): Promise<string> {
  const appeals = (await list(await tokenFor('admin@roles.example'))).json();
  return appeals.find((appeal: { citationNumber: string }) => appeal.citationNumber === number).uuid;
}

describe('appeal answering by operator role', () => {
  it('refuses an enforcement officer with a 403 and changes nothing', async () => {
    const officer = await tokenFor('officer@roles.example');
    expect((await list(officer)).statusCode).toBe(403);
    const response = await answer(officer, await appealUuid('R1'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'forbidden' });
    const r1 = (await list(await tokenFor('admin@roles.example')))
      .json()
      .find((appeal: { citationNumber: string }) => appeal.citationNumber === 'R1');
    expect(r1.isPending).toBe(true);
  });

  it('lets staff and tenant admins answer', async () => {
    expect((await answer(await tokenFor('staff@roles.example'), await appealUuid('R1'))).statusCode).toBe(
      200,
    );
    expect((await answer(await tokenFor('admin@roles.example'), await appealUuid('R2'))).statusCode).toBe(
      200,
    );
  });
});
