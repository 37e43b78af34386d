/**
 * C0 control characters and DEL, except tab, line feed and carriage return (which multi-line text
 * such as an appeal reason legitimately carries). PostgreSQL refuses a NUL in text outright, and
 * the others have no business in a name, an address or a search term.
 */
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0d]);
const isControlCode = (code: number) => (code < 0x20 && !ALLOWED_CONTROLS.has(code)) || code === 0x7f;

export function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    if (isControlCode(text.charCodeAt(index))) return true;
  }
  return false;
}

/** A key shown in a message, its control characters replaced so the message stays printable. */
const printable = (text: string) =>
  Array.from(text, (char) => (isControlCode(char.charCodeAt(0)) ? '?' : char)).join('');

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  // Parsed query strings and path parameters inherit from a null-prototype object.
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}

/**
 * The dotted path of the first string (value or object key) in `value` that holds a control
 * character, '' when `value` itself is such a string, or null when there is none. Only plain
 * objects and arrays are walked: a raw body (a Buffer, a stream) is not text.
 */
export function findControlCharacterPath(value: unknown, maxDepth = 64): string | null {
  const walk = (node: unknown, path: string[], depth: number): string[] | null => {
    if (typeof node === 'string') return hasControlCharacter(node) ? path : null;
    if (depth > maxDepth || !isPlainContainer(node)) return null;
    for (const [key, child] of Object.entries(node)) {
      if (hasControlCharacter(key)) return [...path, printable(key)];
      const found = walk(child, [...path, key], depth + 1);
      if (found) return found;
    }
    return null;
  };
  const found = walk(value, [], 0);
  return found ? found.join('.') : null;
}
