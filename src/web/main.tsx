import './app/mantine-landing.css';
import './app/styles.css';
import { setNonce } from 'get-nonce';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { setPageCurrency } from '../shared/format/current-currency';
import { setPageLocale } from '../shared/i18n/current';
import { loadLocale } from '../shared/i18n/load';
import { parseLocale } from '../shared/i18n/locales';
import { AppProviders } from './app/app-providers';
import { readInjectedBrand, readStyleNonce, registerInjectedZoneOffsets } from './app/brand';
import { readPageQueries } from './app/page-data';
import { createQueryClient } from './app/query-client';
import { appRoutesFor, createAppRouter } from './app/router';
import { restorePageQueries } from './app/server-state';

const brand = readInjectedBrand();
registerInjectedZoneOffsets();
// Amounts are written in the tenant's currency (decision 244), as the server rendered them.
if (brand?.currency) setPageCurrency(brand.currency);
const styleNonce = readStyleNonce();
// Modals lock page scrolling with a <style> element (react-remove-scroll); without the nonce the
// strict CSP blocks it.
if (styleNonce) setNonce(styleNonce);
const queryClient = createQueryClient();

/**
 * The matched routes' lazy modules, loaded and written into the route objects: hydration must
 * render the page the server rendered, not the loading frame shown while a chunk is on its way.
 */
async function loadMatchedRoutes(routes: RouteObject[], pathname: string) {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (typeof route.lazy !== 'function') continue;
    Object.assign(route, await route.lazy());
    route.lazy = undefined;
  }
}

/**
 * The page's language, as the server chose it and wrote it in <html lang> (issue 30): its
 * catalogue is loaded (a chunk of its own; English needs none) before anything renders, so the
 * app hydrates the server's HTML in the same words.
 */
async function startInPageLanguage() {
  const locale = parseLocale(document.documentElement.lang, true) ?? 'en';
  await loadLocale(locale);
  setPageLocale(locale);
}

async function start() {
  // A staff page's routes are a chunk of their own, fetched beside the page's language.
  const [routes] = await Promise.all([appRoutesFor(window.location.pathname), startInPageLanguage()]);
  const root = document.getElementById('root')!;
  const pageQueries = readPageQueries();
  const app = (router: ReturnType<typeof createAppRouter>) => (
    <AppProviders
      brand={brand}
      styleNonce={styleNonce}
      queryClient={queryClient}
      isServerRendered={pageQueries !== null}
    >
      <RouterProvider router={router} />
    </AppProviders>
  );
  if (!pageQueries) {
    createRoot(root).render(app(createAppRouter(routes)));
    return;
  }
  // The server rendered this page (decision 158): take over its HTML with the data it used. In a
  // transition, hydration yields to the browser between components rather than one long task.
  await loadMatchedRoutes(routes, window.location.pathname);
  restorePageQueries(queryClient, pageQueries);
  const router = createAppRouter(routes);
  startTransition(() => {
    hydrateRoot(root, app(router));
  });
}

void start();
