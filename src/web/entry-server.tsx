// The server renderer of the public pages (decision 158), built by scripts/build.mjs into
// dist/ssr/ and called by the server's web plugin. It never runs in a browser.
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { setCurrencyResolver } from '../shared/format/current-currency';
import { registerZoneOffsets } from '../shared/format/zone-offsets';
import '../shared/i18n/all-locales';
import { setLocaleResolver } from '../shared/i18n/current';
import type { AnyLocale } from '../shared/i18n/locales';
import type { PageRenderInput, RenderedPage } from '../shared/page-render';
import type { Currency } from '../shared/rules/currencies';
import { AppProviders } from './app/app-providers';
import { createQueryClient } from './app/query-client';
import { routePattern } from './app/route-pattern';
import { appRoutes } from './app/router';
import { PAGE_STYLES_MODULE, PRELOADED_BROWSER_PAGES, SERVER_PAGES } from './app/server-pages';
import { dehydratePageQueries, settlePageQueries } from './app/server-state';
import { staffRoutes } from './app/staff-routes';
import { setServerRenderOperator } from './features/operator/operator-session';
import { type ApiTransport, setApiTransport } from './lib/api-client';

/** Each request's own way to the API, found by the calls its page data makes. */
const requestTransport = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const transport = requestTransport.getStore();
  if (!transport) throw new Error(`API call outside a page render: ${url}`);
  return transport(url, init);
});

/**
 * Each request's language and currency: the messages the page renders answer in its language
 * (issue 30), and its amounts are in its tenant's currency (decision 244), from the page's brand.
 */
const requestFormatting = new AsyncLocalStorage<{ locale: AnyLocale; currency: Currency }>();
setLocaleResolver(() => requestFormatting.getStore()?.locale);
setCurrencyResolver(() => requestFormatting.getStore()?.currency);

/**
 * Each request's operator, from the console pages' cookie (decision 252): what the console's calls
 * send as their Authorization while the server renders, checked by the API as the browser's are.
 */
const requestOperator = new AsyncLocalStorage<string | null>();
setServerRenderOperator(() => requestOperator.getStore() ?? null);

// The routes and their handler serve every request: a page's lazy module, loaded by the first
// request that renders it, stays loaded for the next ones.
const routes = appRoutes(staffRoutes);
const handler = createStaticHandler(routes);

/** The page at `url`, rendered with its data; null when the page is one the browser renders. */
export function renderPage(input: PageRenderInput): Promise<RenderedPage | null> {
  const formatting = { locale: input.locale, currency: input.brand.currency };
  return requestOperator.run(input.operatorAuthorization, () =>
    requestFormatting.run(formatting, () => renderInLocale(input)),
  );
}

async function renderInLocale(input: PageRenderInput): Promise<RenderedPage | null> {
  const url = new URL(input.url, 'http://portal.invalid');
  const matches = matchRoutes(routes, url.pathname);
  const leaf = matches?.at(-1);
  // Keyed by the full pattern: the leaf's own path would take an index route for the home page.
  const pattern = matches && routePattern(matches);
  const preloaded = pattern ? PRELOADED_BROWSER_PAGES[pattern] : undefined;
  // What a page the server does not render gets: its chunks named in the HTML where it has a list.
  const inBrowser: RenderedPage | null = preloaded
    ? { html: null, queries: null, modules: preloaded, appLoading: 'at-once' }
    : null;
  const page = pattern ? SERVER_PAGES[pattern] : undefined;
  if (!leaf || !page) return inBrowser;
  // A console page is rendered only for an operator (decision 252); anyone else, as before.
  if (page.isForOperator && !input.operatorAuthorization) return inBrowser;

  // The table the page carries: the browser hydrates with it (decision 173).
  if (input.zoneOffsets) registerZoneOffsets(input.zoneOffsets);
  const queryClient = createQueryClient({ isServer: true });
  const prefetched = requestTransport.run(input.fetchApi, () =>
    Promise.all(
      page.prefetch(queryClient, { params: leaf.params, searchParams: url.searchParams, brand: input.brand }),
    ),
  );
  // Loads the matched lazy routes' modules (the first time) while the data is fetched.
  const [context] = await Promise.all([handler.query(new Request(url)), prefetched]);
  if (context instanceof Response) return null;
  settlePageQueries(queryClient);
  const pageContext = { params: leaf.params, searchParams: url.searchParams, brand: input.brand };
  // An expired or revoked session, another tenant's, or a figure the role may not see.
  if (page.isRendered && !page.isRendered(queryClient, pageContext)) return inBrowser;

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <AppProviders
      brand={input.brand}
      styleNonce={input.styleNonce}
      queryClient={queryClient}
      isServerRendered
    >
      {/* No inline script: the strict CSP allows none. The routes have no loaders, so the browser
          needs no router state, only the page's chunks loaded before it hydrates (main.tsx). */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  return {
    html,
    queries: dehydratePageQueries(queryClient),
    modules: page.pageModule
      ? [page.pageModule, page.stylesModule ?? PAGE_STYLES_MODULE, ...(page.laterModules ?? [])]
      : [],
    appLoading: page.appLoading ?? 'after-paint',
    isPersonal: page.isForOperator ?? false,
  };
}
