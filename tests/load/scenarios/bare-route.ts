import type { Scenario } from '../scenario';
import { expectOkJson } from '../scenario';

/** The floor: what Fastify alone answers on this machine, so the other figures have a reference. */
export const bareRouteScenario: Scenario = {
  id: 'bare-route',
  title: 'Bare Fastify route (baseline)',
  server: 'baseline',
  async prepare() {
    return () => ({ path: '/ping', host: 'localhost' });
  },
  check: expectOkJson,
};
