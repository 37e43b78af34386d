import { updateCustomerContract } from '../../../shared/contract';
import type { Locale } from '../../../shared/i18n/locales';
import { callAsCustomer } from './api';

/**
 * Saves a signed-in customer's choice of language on the account (issue 30): their emails use it,
 * and signing in elsewhere brings it back. Loaded only when a customer changes language.
 */
export async function saveCustomerLanguage(subdomain: string, language: Locale): Promise<void> {
  await callAsCustomer(updateCustomerContract, { body: { subdomain, language } });
}
