import { IntlMessageFormat } from 'intl-messageformat';
import { registerIcuFormatter } from '../../i18n/catalogue';
import { LOCALE_TAGS } from '../../i18n/locales';

/**
 * Translations with plurals or selects are formatted by FormatJS's intl-messageformat. Only the
 * French and Spanish catalogues import this module, so an English page never loads the library.
 */
const formats = new Map<string, IntlMessageFormat>();

registerIcuFormatter((template, values, locale) => {
  const key = `${locale}\u0000${template}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(template, LOCALE_TAGS[locale]);
    formats.set(key, format);
  }
  return String(format.format(values));
});
