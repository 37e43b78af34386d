import { z } from 'zod';
import { centsSchema } from '../../../../shared/contract';
import { currentLocale } from '../../../../shared/i18n/current';
import { currencyMessages } from '../../../../shared/messages/currencies';
import { parseDollars } from '../../../../shared/rules/notice-csv';

/**
 * An amount as French writes it ('45,50', '1 045,50 $') in the form parseDollars reads ('1045.50'):
 * a French reader types a decimal comma. Only in French, where a comma cannot group thousands.
 */
const asPointDecimal = (value: string) =>
  value
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/\$$/, '')
    .replace(/,(\d{1,2})$/, '.$1');

/** A form's amount field ('45', '45.50', '$1,045.50'; '45,50' in French): blank is null, anything else cents. */
export const dollarsFieldSchema = z
  .string()
  .trim()
  .transform((value, context) => {
    if (value === '') return null;
    const cents = parseDollars(currentLocale() === 'fr' ? asPointDecimal(value) : value);
    if (cents === null) {
      context.addIssue({ code: 'custom', message: currencyMessages.amountFormat });
      return z.NEVER;
    }
    return cents;
  })
  .pipe(centsSchema.nullable());

/** Cents as a form shows them to edit ('45.00'), '' for none. */
export const dollarsText = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);
