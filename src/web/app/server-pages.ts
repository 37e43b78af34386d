import type { QueryClient } from '@tanstack/react-query';
import type { PermitProduct } from '../../shared/contract';
import type { BrandDetails } from '../../shared/contract/brand';
import type { AppLoading } from '../../shared/page-render';
import { citationQuery, citationSearchFromParams, citationSearchQuery } from '../features/citations/api';
import { operatorMeQuery } from '../features/console/console-api';
import { consoleOverviewQuery } from '../features/console/overview/overview-api';
import {
  isCatalogueForMembersOnly,
  permitProductQuery,
  permitProductsQuery,
  productImagesQuery,
} from '../features/passes/catalogue-api';
import { reportScansQuery, reportSummaryQuery } from '../features/reports/api';
import { paths } from './page-paths';

export interface ServerPageContext {
  params: Record<string, string | undefined>;
  searchParams: URLSearchParams;
  brand: BrandDetails;
}

/**
 * A public page the server renders (decision 158): the module of its lazy route (a key of Vite's
 * manifest, so the HTML can preload its chunk and styles), and the queries its first render makes,
 * fetched into the request's cache before rendering. The options are the page's own, so the keys
 * are the ones the browser looks up when it takes over.
 */
export interface ServerPage {
  pageModule: string | null;
  prefetch(queryClient: QueryClient, context: ServerPageContext): Promise<unknown>[];
  /**
   * The stylesheet module its first paint needs: the small public one by default; a page showing
   * other Mantine components links the full one.
   */
  stylesModule?: string;
  /** Chunks the page loads on its own right after (preloaded beside the page's). */
  laterModules?: string[];
  /**
   * 'at-once' for a page whose main content needs the app to show (the report's map): its code is
   * fetched from the head beside the stylesheets instead of after the first paint.
   */
  appLoading?: AppLoading;
  /**
   * Whether the page is rendered on the server once its data is in (all of them unless given); a
   * page it declines is rendered by the browser as any other.
   */
  isRendered?(queryClient: QueryClient, context: ServerPageContext): boolean;
  /**
   * A console page, rendered only with the operator of the console pages' cookie (decision 252);
   * without one it is left to the browser, its chunks named as PRELOADED_BROWSER_PAGES says.
   */
  isForOperator?: boolean;
}

const noQueries = () => [];

/** The staff areas' route table (decision 248): a page of theirs needs it before the app starts. */
const STAFF_ROUTES_MODULE = 'app/staff-routes.tsx';

/** Every page's Mantine styles (app/page-styles.ts), for a server-rendered page that shows more. */
const FULL_PAGE_STYLES_MODULE = 'app/page-styles.ts';

/**
 * The pages a visitor opens from a link, a QR code or the home page: no account, nothing in the
 * browser's storage changes what they show. Keyed by route path ('/' for the index route).
 * Signed-in pages and the console behind its sign-in page stay rendered in the browser.
 */
export const SERVER_PAGES: Record<string, ServerPage> = {
  [paths.home.pattern]: { pageModule: null, prefetch: noQueries },
  [paths.landing.pattern]: { pageModule: null, prefetch: noQueries },
  [paths.citations.pattern]: {
    pageModule: 'features/citations/citations-list-page.tsx',
    prefetch: (queryClient, { searchParams, brand }) => {
      const search = citationSearchFromParams(searchParams);
      // The page asks only when there is something to search for.
      if (!search.plate && !search.citationNumber) return [];
      return [queryClient.prefetchQuery(citationSearchQuery(search, brand.subdomain))];
    },
  },
  [paths.citation.pattern]: {
    pageModule: 'features/citations/citation-detail-page.tsx',
    prefetch: (queryClient, { params }) => [queryClient.prefetchQuery(citationQuery(params.citationUUID))],
  },
  [paths.passes.choose.pattern]: {
    pageModule: 'features/passes/choose-pass-page.tsx',
    // A guest's catalogue: the server never sees the browser's sign-in, and hydration reads no
    // session either (useJwt's server snapshot), so a signed-in visitor's list follows after.
    prefetch: (queryClient, { brand }) => [
      // A members-only portal shows a signed-out visitor the way in, not its passes.
      ...(isCatalogueForMembersOnly(brand)
        ? []
        : [
            queryClient.fetchQuery(permitProductsQuery('public', false)).then(
              // Each card shows its product's first image: fetched here too, so it is in the HTML.
              (products) =>
                Promise.all(
                  products.map((product) => queryClient.prefetchQuery(productImagesQuery(product.uuid))),
                ),
              // The catalogue's own query holds the failure; the page shows it as it would in the browser.
              () => undefined,
            ),
          ]),
    ],
  },
  // A sold-out product opened by its URL says so in the first paint, with its waitlist (issue 27);
  // a product on sale keeps its form rendered in the browser.
  [paths.passes.guestCheckout.pattern]: {
    pageModule: 'features/passes/checkout-page.tsx',
    prefetch: (queryClient, { params }) => [
      queryClient.prefetchQuery(permitProductQuery(params.permituuid ?? '')),
      queryClient.prefetchQuery(productImagesQuery(params.permituuid ?? '')),
    ],
    isRendered: (queryClient, { params, searchParams }) => {
      const product = queryClient.getQueryData<PermitProduct>(
        permitProductQuery(params.permituuid ?? '').queryKey,
      );
      // An offer (?offer=) buys a held place: the browser checks it and shows the form.
      return Boolean(product?.isSoldOut && !product.isEmailVerify && !searchParams.get('offer'));
    },
    stylesModule: FULL_PAGE_STYLES_MODULE,
  },
  [paths.report.pattern]: {
    pageModule: 'features/reports/report-page.tsx',
    // A shared link (the uuid is the capability): the totals, the heat map's cells and the list's
    // first page come in the HTML, and the map library downloads beside the app's code.
    prefetch: (queryClient, { params }) => [
      queryClient.prefetchQuery(reportSummaryQuery(params.reportUUID)),
      queryClient.prefetchQuery(reportScansQuery(params.reportUUID, 1)),
    ],
    stylesModule: FULL_PAGE_STYLES_MODULE,
    laterModules: ['features/reports/heat-map-drawing.ts', STAFF_ROUTES_MODULE],
    // The heat map is drawn by the app: waiting for the first paint to fetch it would put about
    // 300 ms before the map's drawing starts (`npm run bench`, report page).
    appLoading: 'at-once',
  },
  // The console's door (issue 33): its form arrives in the HTML, so it paints before any of the
  // app's code has loaded. What is typed before the app takes over is read from the inputs when it
  // does (staff-sign-in-form.tsx, decision 245). The console behind it renders in the browser.
  [paths.console.login.pattern]: {
    pageModule: 'features/operator/operator-login-page.tsx',
    prefetch: noQueries,
    stylesModule: FULL_PAGE_STYLES_MODULE,
    // The staff areas' routes, which the app loads before it takes over a staff page (router.tsx).
    laterModules: [STAFF_ROUTES_MODULE],
  },
  // The console's first page after sign-in (decision 252), for the operator of the console pages'
  // cookie: its frame (who, the menu) and the day's tiles arrive in the HTML, asked of the API with
  // that session as the browser asks with its token, so the API's role and tenant checks decide.
  // The charts below the tiles are the browser's, after hydration.
  [paths.console.overview.pattern]: {
    pageModule: 'features/console/overview/overview-page.tsx',
    isForOperator: true,
    prefetch: (queryClient) => [
      queryClient.prefetchQuery(operatorMeQuery()),
      queryClient.prefetchQuery(consoleOverviewQuery()),
    ],
    // Both answered, or the browser renders the page as before: a session the API refused
    // (expired, revoked, another tenant's, not an operator's) shows nothing of anyone.
    isRendered: (queryClient) =>
      queryClient.getQueryData(operatorMeQuery().queryKey) !== undefined &&
      queryClient.getQueryData(consoleOverviewQuery().queryKey) !== undefined,
    stylesModule: FULL_PAGE_STYLES_MODULE,
    laterModules: [STAFF_ROUTES_MODULE, 'features/console/console-layout.tsx', 'app/public-page-styles.ts'],
  },
  [paths.privacy.pattern]: { pageModule: 'features/legal/legal-page.tsx', prefetch: noQueries },
  [paths.terms.pattern]: { pageModule: 'features/legal/legal-page.tsx', prefetch: noQueries },
};

/**
 * Pages the browser renders (their data needs the operator's token; the overview without the
 * console pages' cookie, decision 252) whose modules the server's HTML names at once: their chunks and styles download beside the app's
 * entry rather than after it, one round trip after another (issue 33, decision 248). Keyed by
 * route path, as SERVER_PAGES.
 */
export const PRELOADED_BROWSER_PAGES: Record<string, string[]> = {
  // The console's first page after sign-in: its route table, its frame and the page. The charts
  // below the tiles load after them (overview-page.tsx), so they are not named here.
  [paths.console.overview.pattern]: [
    STAFF_ROUTES_MODULE,
    'features/console/console-layout.tsx',
    'features/console/overview/overview-page.tsx',
    FULL_PAGE_STYLES_MODULE,
    'app/public-page-styles.ts',
  ],
};

/**
 * The styles of the server-rendered pages (app/public-page-styles.ts), linked in their HTML. The
 * rest of the pages' styles (app/page-styles.ts) is left to load with the chunk: not needed to
 * paint these pages, it would only hold their first paint back.
 */
export const PAGE_STYLES_MODULE = 'app/public-page-styles.ts';
