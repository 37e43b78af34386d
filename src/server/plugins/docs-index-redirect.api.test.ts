import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the API documentation', () => {
  it('sends /static/index.html with a query string to the docs root, not to itself', async () => {
    const url = '/api/docs/static/index.html?x=1';
    const response = await t.request(null, { method: 'GET', url });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/api/docs/');
    const root = await t.request(null, { method: 'GET', url: '/api/docs/' });
    expect(root.statusCode).toBe(200);
  });
});
