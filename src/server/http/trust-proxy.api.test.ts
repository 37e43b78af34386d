import { describe, expect, it } from 'vitest';
import { buildTenant } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';

/**
 * Finding 1 of issue 28: behind proxies, the client address is the right-most one the trusted
 * proxies did not add, so a client rotating the left-most X-Forwarded-For entries keeps its
 * address and meets the per-client limits.
 */
const PER_CLIENT = 3;
const seed = { tenants: [buildTenant({ subdomain: 'proxied' })] };
const env = (trustProxy: string) => ({
  TRUST_PROXY: trustProxy,
  AUTH_RATE_LIMIT_PER_CLIENT: String(PER_CLIENT),
});

/** One wrong password, arriving at the portal from `peer` with the header the proxies wrote. */
const guess = (t: ReturnType<typeof useTestApp>, peer: string, forwardedFor: string, n: number) =>
  t.request('proxied', {
    method: 'POST',
    url: '/api/v1/auth/customer/login',
    remoteAddress: peer,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: `guess${n}@example.com`, password: 'Wrong#Pass1', entitySubdomain: 'proxied' },
  });

/** Guesses with a forged, ever-changing left-most entry; answers the statuses. */
async function forgedGuesses(
  t: ReturnType<typeof useTestApp>,
  peer: string,
  chain: (forged: string) => string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let n = 0; n < PER_CLIENT + 2; n += 1) {
    statuses.push((await guess(t, peer, chain(`198.51.100.${n + 1}`), n)).statusCode);
  }
  return statuses;
}

const limited = [...Array(PER_CLIENT).fill(401), 429, 429];

describe.each([
  // One load balancer at 10.0.0.5 in front: it appends the client's address.
  {
    proxies: 'one',
    setting: '1',
    peer: '10.0.0.5',
    chain: (forged: string, client: string) => `${forged}, ${client}`,
  },
  // A CDN then a load balancer: the load balancer appends the CDN's address after the client's.
  {
    proxies: 'two',
    setting: '2',
    peer: '10.0.0.5',
    chain: (forged: string, client: string) => `${forged}, ${client}, 172.16.0.9`,
  },
  {
    proxies: 'two, named by address',
    setting: '10.0.0.0/8, 172.16.0.0/12',
    peer: '10.0.0.5',
    chain: (forged: string, client: string) => `${forged}, ${client}, 172.16.0.9`,
  },
])('behind $proxies proxies (TRUST_PROXY=$setting)', ({ setting, peer, chain }) => {
  const t = useTestApp({ env: env(setting), seed });

  it('a forged left-most entry changes nothing: the guesses meet the per-client limit', async () => {
    expect(await forgedGuesses(t, peer, (forged) => chain(forged, '203.0.113.7'))).toEqual(limited);
    // Another client behind the same proxies has its own budget.
    expect((await guess(t, peer, chain('198.51.100.99', '203.0.113.8'), 99)).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY naming its proxies, reached directly', () => {
  const t = useTestApp({ env: env('10.0.0.0/8'), seed });

  it('a client that connects directly cannot pose as another by writing the header', async () => {
    const statuses = await forgedGuesses(t, '203.0.113.50', (forged) => forged);
    expect(statuses).toEqual(limited);
  });
});

describe('without TRUST_PROXY', () => {
  const t = useTestApp({ env: env('false'), seed });

  it('ignores the header entirely', async () => {
    expect(await forgedGuesses(t, '203.0.113.60', (forged) => `${forged}, 203.0.113.61`)).toEqual(limited);
  });
});
