import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For component tests of a form that must not call the server: each test gets a fresh `fetch`
 * that refuses, and the rendered screen is unmounted afterwards. The spy is returned so a test
 * can assert that nothing was sent.
 */
export function useRefusedFetch() {
  const fetchSpy = vi.fn(() => Promise.reject(new Error('no request is expected')));
  beforeEach(() => {
    fetchSpy.mockClear();
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return fetchSpy;
}
