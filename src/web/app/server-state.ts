import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';

/**
 * The queries a server-rendered page was rendered from, handed to the browser so that its first
 * render is the server's (decision 158). Answers and API errors both travel: a notice that is not
 * found was rendered as not found, and the browser must hydrate that same state.
 */
export function dehydratePageQueries(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  for (const query of state.queries) {
    const error = query.state.error;
    // An Error's message is not enumerable: written out by hand, and read back by keepPageErrors.
    if (error instanceof ApiError) {
      query.state.error = { status: error.status, code: error.code, message: error.message } as never;
    }
  }
  return state;
}

export function restorePageQueries(queryClient: QueryClient, state: DehydratedState): void {
  hydrate(queryClient, state);
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status !== 'error') continue;
    const error = query.state.error as unknown as { status?: number; code?: string; message?: string } | null;
    query.setState({
      error: new ApiError(error?.status ?? 0, (error?.code ?? 'http_error') as never, error?.message ?? ''),
    });
    keepOnFirstMount(queryClient, query.queryKey);
  }
}

/**
 * Before the server renders: an answer of the API that will not change (a 4xx: not found, bad
 * input) is rendered, and kept by the browser on its first mount instead of being asked again,
 * which would swap the error for a spinner during hydration. Anything else that failed (a 5xx,
 * the renderer's own trouble) is forgotten: the page renders its loading state, as the browser
 * would, and the browser asks again.
 */
export function settlePageQueries(queryClient: QueryClient): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status !== 'error') continue;
    const error = query.state.error;
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      keepOnFirstMount(queryClient, query.queryKey);
    } else {
      queryClient.getQueryCache().remove(query);
    }
  }
}

function keepOnFirstMount(queryClient: QueryClient, queryKey: QueryKey) {
  queryClient.setQueryDefaults(queryKey, { retryOnMount: false });
}
