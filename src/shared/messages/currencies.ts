import { localized } from '../i18n/catalogue';

/** The tenant's currency (issue 30, decision 244): its setting and what amount fields say. */
export const currencyMessages = /* @__PURE__ */ localized('currencyMessages', {
  settingsSection: 'Currency',
  settingsLabel: 'Currency of prices and payments',
  settingsHint:
    'Notices, passes and prices are in this currency, and payments are charged in it. It can change until the first payment is taken.',
  unknownCurrency: 'Choose one of the currencies offered: USD, CAD, EUR, GBP, MXN or AUD.',
  lockedByPayments:
    'The currency cannot change once payments have been taken in it: amounts already paid would read in the wrong currency.',
  amountFormat: 'Enter an amount with cents, like 45.00',
} as const);

/** Each currency's name and code, as the settings' list shows them. */
export const currencyNames = /* @__PURE__ */ localized('currencyNames', {
  usd: 'US dollar (USD)',
  cad: 'Canadian dollar (CAD)',
  eur: 'Euro (EUR)',
  gbp: 'British pound (GBP)',
  mxn: 'Mexican peso (MXN)',
  aud: 'Australian dollar (AUD)',
} as const);
