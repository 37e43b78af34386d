import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { setCurrencyResolver } from '../../shared/format/current-currency';
import type { Currency } from '../../shared/rules/currencies';

/** The request's tenant's currency, once the tenancy plugin has named the tenant. */
interface CurrencyStore {
  currency: Currency | undefined;
}

const requestCurrencies = new AsyncLocalStorage<CurrencyStore>();
/** Work outside a request, or for another tenant than the request's (an email a job writes). */
const overrides = new AsyncLocalStorage<Currency>();

// Amounts written on the server are in the currency of the tenant at hand (decision 244).
setCurrencyResolver(() => overrides.getStore() ?? requestCurrencies.getStore()?.currency);

/** Runs `work` with amounts written in `currency`: an email in its tenant's currency. */
export function withCurrency<T>(currency: Currency, work: () => T): T {
  return overrides.run(currency, work);
}

/** Names the request's tenant's currency; called where the tenant is known (the tenancy plugin). */
export function enterTenantCurrency(currency: Currency): void {
  const store = requestCurrencies.getStore();
  if (store) store.currency = currency;
}

/**
 * Every request writes amounts in its tenant's currency (decision 244): a store of its own, filled
 * when the tenant is resolved and, like the language's, entered again where reading a body lost
 * the context. Until then (a bare host) amounts are in the default currency.
 */
export function writeAmountsInTheTenantsCurrency(app: FastifyInstance): void {
  const stores = new WeakMap<FastifyRequest, CurrencyStore>();
  const enter = (request: FastifyRequest, done: () => void) => {
    let store = stores.get(request);
    if (!store) {
      store = { currency: undefined };
      stores.set(request, store);
    }
    if (requestCurrencies.getStore() === store) done();
    else requestCurrencies.run(store, done);
  };
  app.addHook('onRequest', (request, _reply, done) => enter(request, done));
  app.addHook('preValidation', (request, _reply, done) => enter(request, done));
  app.addHook('preHandler', (request, _reply, done) => enter(request, done));
}
