import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppeal, buildCitation, buildTenant } from '../../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

// The notice's detail answers where its appeal stands, for the timeline: dates and outcome only.
const tenant = buildTenant({ subdomain: 'progress', timezone: 'America/New_York' });
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({
    tenants: [
      {
        ...tenant,
        citations: [
          buildCitation({ citationNumber: 'NOAPPEAL' }),
          buildCitation({ citationNumber: 'PENDING' }),
          buildCitation({ citationNumber: 'DENIED' }),
        ],
        appeals: [
          buildAppeal({ citationNumber: 'PENDING', submissionDate: '2026-11-12T10:00:00Z' }),
          buildAppeal({
            citationNumber: 'DENIED',
            email: 'private@example.com',
            submissionDate: '2026-11-12T10:00:00Z',
            isPending: false,
            isApproved: false,
            responseDate: '2026-11-14T16:30:00Z',
          }),
        ],
      },
    ],
  });
});
afterAll(() => t.close());

async function detail(number: string) {
  const list = await t.request('progress', {
    method: 'GET',
    url: `/api/v1/portal/citation/p/blank/n/${number}/o/progress`,
  });
  const [citation] = list.json() as { uuid: string }[];
  const answer = await t.request('progress', {
    method: 'GET',
    url: `/api/v1/portal/citation/${citation?.uuid}`,
  });
  expect(answer.statusCode).toBe(200);
  return answer;
}

describe("a notice's appeal progress", () => {
  it('is null without an appeal', async () => {
    expect((await detail('NOAPPEAL')).json().appeal).toBeNull();
  });

  it('names the submission date of a pending appeal', async () => {
    expect((await detail('PENDING')).json().appeal).toEqual({
      submittedOn: '2026-11-12T10:00:00.000Z',
      outcome: 'pending',
      answeredOn: null,
      resolution: null,
      reducedAmount: null,
    });
  });

  it('names the outcome and answer date of a decided appeal, and nothing personal', async () => {
    const answer = await detail('DENIED');
    expect(answer.json().appeal).toEqual({
      submittedOn: '2026-11-12T10:00:00.000Z',
      outcome: 'denied',
      answeredOn: '2026-11-14T16:30:00.000Z',
      // A denial leaves the notice as it was: nothing voided, nothing reduced.
      resolution: null,
      reducedAmount: null,
    });
    expect(answer.body).not.toContain('private@example.com');
  });
});
