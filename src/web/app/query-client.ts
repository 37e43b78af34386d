import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';

/** The app's query client: one per browser tab, and one per request on the server renderer. */
export function createQueryClient(options: { isServer?: boolean } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change on retry; only network trouble and 5xx are worth another go. The
        // server renders at once with what it got: the browser retries after it has taken over.
        retry: (failureCount, error) =>
          !options.isServer &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 2,
      },
    },
  });
}
