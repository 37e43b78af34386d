import { formatTemplate } from '../i18n/catalogue';

/**
 * Fills a message's `{name}` placeholders. Values are inserted as they are: unlike
 * `String.replace` with a string, a `$&` or `$1` in a value (an email address, a name) is not
 * read as a replacement pattern. A placeholder with no value is left as it is, so a missing
 * value shows in review rather than vanishing. A translation with ICU plurals or selects is
 * formatted by FormatJS (decision 207).
 */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  const icu = formatTemplate(template, values);
  if (icu !== undefined) return icu;
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}
