import { describe, expect, it } from 'vitest';
import {
  buildAppealOf,
  buildCitation,
  buildOperator,
  buildTenant,
} from '../../../../tests/support/factories';
import { signInOperator } from '../../../../tests/support/sessions';
import { useTestApp } from '../../../../tests/support/test-app';

/**
 * The console's appeal list (issue 33): the queue of pending appeals by default, decided ones
 * by outcome, a search by notice number or plate, pages with a total; a decided appeal leaves
 * the queue.
 */
const t = useTestApp({
  seed: {
    tenants: [
      buildTenant({
        subdomain: 'alpha',
        citations: [
          buildCitation({ citationNumber: 'Q1', plate: 'QUE111' }),
          buildCitation({ citationNumber: 'Q2', plate: 'QUE222' }),
          buildCitation({ citationNumber: 'Q3', plate: 'ZED333' }),
          buildCitation({ citationNumber: 'OK1', plate: 'YES111' }),
          buildCitation({ citationNumber: 'NO1', plate: 'NAY111' }),
        ],
        appeals: [
          buildAppealOf('Q2', '2026-11-13T10:00:00Z'),
          buildAppealOf('Q1', '2026-11-12T10:00:00Z'),
          buildAppealOf('Q3', '2026-11-14T10:00:00Z'),
          buildAppealOf('OK1', '2026-11-01T10:00:00Z', {
            isPending: false,
            isApproved: true,
            responseDate: '2026-11-05T10:00:00Z',
          }),
          buildAppealOf('NO1', '2026-11-02T10:00:00Z', {
            isPending: false,
            isApproved: false,
            responseDate: '2026-11-06T10:00:00Z',
          }),
        ],
        operators: [
          buildOperator({ email: 'ops@alpha.example', role: 'tenant_admin' }),
          buildOperator({ email: 'officer@alpha.example', role: 'enforcement' }),
        ],
      }),
      buildTenant({
        subdomain: 'beta',
        citations: [buildCitation({ citationNumber: 'Q9', plate: 'QUE999' })],
        appeals: [buildAppealOf('Q9', '2026-11-12T10:00:00Z')],
        operators: [buildOperator({ email: 'ops@beta.example', role: 'tenant_admin' })],
      }),
    ],
  },
});

interface Page {
  items: { citationNumber: string; isPending: boolean; isApproved: boolean | null }[];
  total: number;
  isTotalExact: boolean;
}

async function search(query: string, host = 'alpha', email = `ops@${host}.example`) {
  const authorization = await signInOperator(t, host, email);
  return t.request(host, {
    method: 'GET',
    url: `/api/v1/dashboard/appeals/search${query ? `?${query}` : ''}`,
    headers: { authorization },
  });
}
const numbers = async (query: string, host = 'alpha') => {
  const response = await search(query, host);
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json() as Page;
  return { numbers: page.items.map((item) => item.citationNumber), total: page.total };
};

describe('the console appeal list', () => {
  it('shows the queue by default, oldest first, with its total', async () => {
    expect(await numbers('')).toEqual({ numbers: ['Q1', 'Q2', 'Q3'], total: 3 });
  });

  it('shows decided appeals newest answer first, and by outcome', async () => {
    expect(await numbers('state=decided')).toEqual({ numbers: ['NO1', 'OK1'], total: 2 });
    expect(await numbers('state=decided&outcome=approved')).toEqual({ numbers: ['OK1'], total: 1 });
    expect(await numbers('state=all&outcome=denied')).toEqual({ numbers: ['NO1'], total: 1 });
    expect((await numbers('state=all')).total).toBe(5);
  });

  it('searches by the start of a notice number or a plate, in any case and spacing', async () => {
    expect(await numbers('q=q2')).toEqual({ numbers: ['Q2'], total: 1 });
    expect(await numbers('q=que')).toEqual({ numbers: ['Q1', 'Q2'], total: 2 });
    expect(await numbers('q=yes 1&state=all')).toEqual({ numbers: ['OK1'], total: 1 });
  });

  it('pages with the total of every page', async () => {
    expect(await numbers('pageSize=2')).toEqual({ numbers: ['Q1', 'Q2'], total: 3 });
    expect(await numbers('pageSize=2&page=2')).toEqual({ numbers: ['Q3'], total: 3 });
  });

  it('drops a decided appeal from the queue', async () => {
    const authorization = await signInOperator(t, 'alpha', 'ops@alpha.example');
    const queue = (await search('')).json() as Page & { items: { uuid: string }[] };
    const first = queue.items[0] as unknown as { uuid: string };
    const answered = await t.request('alpha', {
      method: 'PUT',
      url: `/api/v1/dashboard/appeals/${first.uuid}`,
      headers: { authorization },
      payload: { isApproved: false, status: 'The sign was clear.' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await numbers('')).toEqual({ numbers: ['Q2', 'Q3'], total: 2 });
    expect((await numbers('state=decided')).numbers[0]).toBe('Q1');
  });

  it('refuses bad filters with a sentence', async () => {
    const outcomeInQueue = await search('outcome=approved');
    expect(outcomeInQueue.statusCode).toBe(400);
    expect(outcomeInQueue.json().message).toMatch(/pending appeal has no outcome/);
    expect((await search('state=maybe')).statusCode).toBe(400);
    expect((await search('page=0')).statusCode).toBe(400);
    expect((await search('page=100000')).statusCode).toBe(400);
  });

  it('answers each tenant with its own appeals only; an officer may not list them', async () => {
    expect(await numbers('q=Q', 'beta')).toEqual({ numbers: ['Q9'], total: 1 });
    expect((await numbers('q=Q9')).total).toBe(0);
    expect((await search('', 'alpha', 'officer@alpha.example')).statusCode).toBe(403);
  });
});
