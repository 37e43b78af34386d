import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import '../../shared/i18n/all-locales';
import { setLocaleResolver } from '../../shared/i18n/current';
import {
  ALL_LANGUAGES,
  type AnyLocale,
  chooseLocale,
  LOCALE_COOKIE,
  LOCALE_QUERY,
  type TenantLanguages,
} from '../../shared/i18n/locales';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the request is answered in (issue 30): see chooseRequestLocale. */
    locale: AnyLocale;
  }
}

interface LocaleStore {
  locale: AnyLocale;
  /** Taken from the page being rendered (an in-process call): kept, not chosen again. */
  inherited: boolean;
}

const requestLocales = new AsyncLocalStorage<LocaleStore>();
/** Work outside a request's own (an email sent for someone else, a page render) in a language. */
const overrides = new AsyncLocalStorage<AnyLocale>();

// Messages read on the server answer in the language of the work at hand.
setLocaleResolver(() => overrides.getStore() ?? requestLocales.getStore()?.locale);

/** The language of the request at hand (or of the work withLocale runs), or undefined outside one. */
export function requestLocale(): AnyLocale | undefined {
  return overrides.getStore() ?? requestLocales.getStore()?.locale;
}

/** Runs `work` with the messages in `locale`: an email in its recipient's language. */
export function withLocale<T>(locale: AnyLocale, work: () => T): T {
  return overrides.run(locale, work);
}

/** A cookie's value from a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** The `?lang=` of a URL, or undefined. */
export function queryLocale(url: string): string | undefined {
  const query = url.split('?')[1];
  return query ? (new URLSearchParams(query).get(LOCALE_QUERY) ?? undefined) : undefined;
}

/**
 * The request's language: its `?lang=`, then the `lang` cookie, then Accept-Language, then the
 * tenant's default, among the languages the tenant offers. The pseudo-locale only in tests.
 */
export function chooseRequestLocale(
  request: FastifyRequest,
  tenant: TenantLanguages = ALL_LANGUAGES,
  allowPseudo = false,
): AnyLocale {
  return chooseLocale(
    {
      query: queryLocale(request.url),
      cookie: cookieValue(request.headers.cookie, LOCALE_COOKIE),
      acceptLanguage: request.headers['accept-language'],
      allowPseudo,
    },
    tenant,
  );
}

/**
 * Every request is answered in its caller's language (decision 207). The language is first chosen
 * without the tenant (onRequest: the Host's tenant is not looked up yet), then again with the
 * tenant's offered languages and default once it is known (preValidation, before a schema failure
 * is answered). Like the database scope, the context is entered again where reading a body lost it.
 */
export function answerInTheCallersLanguage(app: FastifyInstance): void {
  const allowPseudo = app.deps.config.NODE_ENV === 'test';
  app.decorateRequest('locale', 'en');
  const stores = new WeakMap<FastifyRequest, LocaleStore>();
  const enter = (request: FastifyRequest, done: () => void) => {
    const store = stores.get(request);
    if (!store || requestLocales.getStore() === store) done();
    else requestLocales.run(store, done);
  };
  app.addHook('onRequest', (request, reply, done) => {
    // A request the page renderer makes for a page (app.inject) inherits the page's language.
    const outer = overrides.getStore() ?? requestLocales.getStore()?.locale;
    const explicit = chooseRequestLocale(request, ALL_LANGUAGES, allowPseudo);
    const hasOwnChoice =
      queryLocale(request.url) !== undefined ||
      cookieValue(request.headers.cookie, LOCALE_COOKIE) !== undefined ||
      request.headers['accept-language'] !== undefined;
    const inherited = !!outer && !hasOwnChoice;
    request.locale = outer && inherited ? outer : explicit;
    const store = { locale: request.locale, inherited };
    stores.set(request, store);
    reply.header('content-language', request.locale);
    requestLocales.run(store, done);
  });
  app.addHook('preValidation', async (request, reply) => {
    const store = stores.get(request);
    if (!store || store.inherited) return;
    const tenant = await request.hostTenant();
    if (!tenant) return;
    request.locale = chooseRequestLocale(request, tenant, allowPseudo);
    store.locale = request.locale;
    reply.header('content-language', request.locale);
  });
  app.addHook('preValidation', (request, _reply, done) => enter(request, done));
  app.addHook('preHandler', (request, _reply, done) => enter(request, done));
}
