import { z } from 'zod';
import { centsSchema } from '../../../../shared/contract';
import { parseDollars } from '../../../../shared/rules/notice-csv';

/** A form's dollars field ('45', '45.50', '$1,045.50'): blank is null, anything else cents. */
export const dollarsFieldSchema = z
  .string()
  .trim()
  .transform((value, context) => {
    if (value === '') return null;
    const cents = parseDollars(value);
    if (cents === null) {
      context.addIssue({ code: 'custom', message: 'Enter dollars and cents, like 45.00' });
      return z.NEVER;
    }
    return cents;
  })
  .pipe(centsSchema.nullable());

/** Cents as a form shows them to edit ('45.00'), '' for none. */
export const dollarsText = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);
