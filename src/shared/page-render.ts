import type { BrandDetails } from './contract/brand';
import type { ZoneOffsets } from './format/zone-offsets';
import type { AnyLocale } from './i18n/locales';

/**
 * What the server's web plugin and the page renderer (src/web/entry-server.tsx, built apart into
 * dist/ssr) hand each other (decision 158). Typed here because neither side's code may import the
 * other's: the server is built without the web app, the renderer without the server.
 */
/** A call's request, as the web's api-client makes it (a subset of fetch's RequestInit). */
export interface ApiCallInit {
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The query's AbortSignal in the browser. */
  signal: unknown;
}

/** What the api-client reads of an answer (a subset of fetch's Response). */
export interface ApiAnswer {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

/** How the api-client reaches the API: fetch in the browser, the server's own routes while it renders. */
export type ApiTransport = (url: string, init: ApiCallInit) => Promise<ApiAnswer>;

export interface PageRenderInput {
  /** The request's path and query. */
  url: string;
  brand: BrandDetails;
  styleNonce: string;
  /** The tenant zone's offsets the page carries, to render its dates with (decision 173). */
  zoneOffsets: ZoneOffsets | null;
  /** Answers the API calls of the page's queries (the server's own routes, for this host). */
  fetchApi: ApiTransport;
  /** The language the page is in (issue 30): the browser hydrates in the same one. */
  locale: AnyLocale;
  /**
   * The operator's session from the console pages' cookie (decision 252), as an Authorization
   * header's value, for a console page's calls; null without one. Checked by the API's own
   * routes, as the browser's bearer token is.
   */
  operatorAuthorization: string | null;
}

export interface RenderedPage {
  /**
   * What goes inside <div id="root">; null for a page the browser renders whose chunks the HTML
   * names so that they download beside the app's entry (a console page, decision 248).
   */
  html: string | null;
  /** The queries the page was rendered from (TanStack Query's dehydrated state), for the browser. */
  queries: unknown;
  /** Keys of Vite's manifest whose chunks and styles the page needs at once. */
  modules: string[];
  /**
   * When the browser fetches the app: after the first paint (the default, for pages whose content
   * is all in the HTML), or at once from the head, for a page whose content needs the app to show.
   */
  appLoading: AppLoading;
  /** Rendered with the operator's data: no cache, shared or not, may keep the HTML. */
  isPersonal?: boolean;
}

export type AppLoading = 'after-paint' | 'at-once';
