import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRouteContracts } from '../../../tests/support/route-contracts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_PREFIX } from '../app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Routes that are not JSON calls of the API: pages, images and the storage's own upload target. */
const RAW_ROUTE_FILES = new Set([
  // The one place that registers a contract's route.
  'src/server/http/register-route.ts',
  'src/server/adapters/storage/local-storage-routes.ts',
  'src/server/features/mail/dev-mailbox-routes.ts',
  'src/server/features/payments/sandbox-routes.ts',
  'src/server/features/ticketview/routes.ts',
  'src/server/features/web/plugin.ts',
  // The load balancer's probes, outside the API (decision 190).
  'src/server/plugins/health.ts',
  // The patrol app's web app manifest: a page's companion file, not an API call (decision 195).
  'src/server/features/enforcement/patrol-manifest.ts',
]);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the route table', () => {
  it('registers every contract with its own method and path', () => {
    const contracts = allRouteContracts();
    expect(contracts.length).toBeGreaterThan(20);
    const missing = contracts.filter(
      ({ contract }) => !t.app.hasRoute({ method: contract.method, url: `${API_PREFIX}${contract.path}` }),
    );
    expect(missing.map(({ name }) => name)).toEqual([]);
  });

  it('declares each contract once: no two share a method and path', () => {
    const keys = allRouteContracts().map(({ contract }) => `${contract.method} ${contract.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('registers JSON calls only through their contracts', () => {
    const handWritten = sourceFiles('src/server')
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => !RAW_ROUTE_FILES.has(file))
      .filter((file) =>
        /\b(app|api|scope|webhook)\.(get|post|put|delete|patch|route)\(/.test(readFileSync(file, 'utf8')),
      );
    expect(handWritten).toEqual([]);
  });

  it('documents every contract in the OpenAPI document', async () => {
    const response = await t.request(null, { method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, unknown>> };
    const undocumented = allRouteContracts().filter(({ contract }) => {
      const openApiPath = `${API_PREFIX}${contract.path}`.replace(/:([A-Za-z_]+)/g, '{$1}');
      return !document.paths[openApiPath]?.[contract.method.toLowerCase()];
    });
    expect(undocumented.map(({ name }) => name)).toEqual([]);
  });
});
