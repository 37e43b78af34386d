/**
 * Fills a message's `{name}` placeholders. Values are inserted as they are: unlike
 * `String.replace` with a string, a `$&` or `$1` in a value (an email address, a name) is not
 * read as a replacement pattern. A placeholder with no value is left as it is, so a missing
 * value shows in review rather than vanishing.
 */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}
