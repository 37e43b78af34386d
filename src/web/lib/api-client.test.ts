import { afterEach, describe, expect, it } from 'vitest';
import { getCustomerPermitContract, guestFreeCheckoutContract } from '../../shared/contract';
import type { ApiTransport } from '../../shared/page-render';
import { callApi, setApiTransport } from './api-client';

const issued = {
  permitIssuedUUID: '6f1c1a3e-0c1b-4c43-9a55-5a4f1d7a2b10',
  paidStatus: 'paid',
  outcome: 'issued',
};
const body = {
  permitProductUUID: '0b7f2a52-6d5e-4a53-8a1d-3b9e0c4f7e21',
  subdomain: 'alpha',
  email: 'dana@example.com',
  date: '2026-11-20T15:00:00.000Z',
  vehicle: { plate: 'ABC123' },
};

/** A transport that records each request's headers and answers from the list, in turn. */
function recordingTransport(answers: Array<'network-error' | object>) {
  const sent: Array<Record<string, string>> = [];
  const transport: ApiTransport = async (_url, init) => {
    sent.push({ ...(init.headers as Record<string, string>) });
    const answer = answers.shift();
    if (answer === 'network-error' || answer === undefined) throw new TypeError('Failed to fetch');
    return { ok: true, status: 200, json: async () => answer };
  };
  return { sent, transport };
}

afterEach(() => setApiTransport((url, init) => fetch(url, init as RequestInit)));

describe('Idempotency-Key from the web client', () => {
  it('sends a fresh key per call of an idempotent contract', async () => {
    const { sent, transport } = recordingTransport([issued, issued]);
    setApiTransport(transport);
    await callApi(guestFreeCheckoutContract, { body });
    await callApi(guestFreeCheckoutContract, { body });
    const [first, second] = sent.map((headers) => headers['idempotency-key']);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(first).not.toBe(second);
  });

  it('retries a lost answer once with the same key', async () => {
    const { sent, transport } = recordingTransport(['network-error', issued]);
    setApiTransport(transport);
    await expect(callApi(guestFreeCheckoutContract, { body })).resolves.toEqual(issued);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.['idempotency-key']).toBe(sent[0]?.['idempotency-key']);
  });

  it('sends no key, and does not retry, for other calls', async () => {
    const { sent, transport } = recordingTransport(['network-error', issued]);
    setApiTransport(transport);
    await expect(
      callApi(getCustomerPermitContract, { params: { id: issued.permitIssuedUUID } }),
    ).rejects.toMatchObject({ code: 'network_error' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.['idempotency-key']).toBeUndefined();
  });
});
