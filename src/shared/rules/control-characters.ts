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
 * objects and arrays are walked: a raw body (a Buffer, a stream) is not text. Every request's
 * parameters, query and body pass here, so a clean walk builds no path (docs/benchmarks.md).
 */
export function findControlCharacterPath(value: unknown, maxDepth = 64): string | null {
  const path = pathToControlCharacter(value, maxDepth);
  return path ? path.join('.') : null;
}

/** The keys down to the first control character, outermost first; null when there is none. */
function pathToControlCharacter(node: unknown, depthLeft: number): string[] | null {
  if (typeof node === 'string') return hasControlCharacter(node) ? [] : null;
  if (depthLeft < 0 || !isPlainContainer(node)) return null;
  for (const key of Object.keys(node)) {
    if (hasControlCharacter(key)) return [printable(key)];
    const below = pathToControlCharacter((node as Record<string, unknown>)[key], depthLeft - 1);
    if (below) {
      below.unshift(key);
      return below;
    }
  }
  return null;
}
