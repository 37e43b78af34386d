/**
 * Operator rich text (a product's footer copy) as the pages may show it: an allow-list of
 * p, br, strong, em, ul, ol, li and a[href] with an http, https or mailto address. Every other
 * tag is dropped (its text kept, except inside script, style and similar, which go whole), every
 * other attribute is dropped, and all text is re-escaped, so what comes out is inert HTML whatever
 * went in. Small on purpose: the footer needs no more, and a parser-free allow-list is easy to audit.
 */
const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'em', 'a', 'ul', 'ol', 'li']);
/** Tags whose content is not text to show. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'svg',
  'math',
]);
const VOID_TAGS = new Set(['br']);
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1]?.toLowerCase() === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[entity.toLowerCase()] ?? match;
  });
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function readHref(attributes: string): string | null {
  const match = /\shref\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(` ${attributes}`);
  if (!match) return null;
  // Decoded and stripped of control characters and whitespace first: 'java&#10;script:' is not a way in.
  const href = [...decodeEntities(match[2] ?? match[3] ?? match[4] ?? '')]
    .filter((char) => char.charCodeAt(0) > 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('');
  return SAFE_HREF.test(href) ? href : null;
}

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<|[^<]+/g;

export function sanitiseRichText(html: string | null): string | null {
  if (html === null) return null;
  const out: string[] = [];
  const open: string[] = [];
  let droppedDepth = 0;
  let droppedTag = '';
  for (const match of html.matchAll(TOKEN)) {
    const [token, closing, rawName, attributes = ''] = match;
    if (token.startsWith('<!--')) continue;
    const name = rawName?.toLowerCase();
    if (droppedDepth > 0) {
      if (name === droppedTag) droppedDepth += closing ? -1 : 1;
      continue;
    }
    if (!name) {
      out.push(escapeText(decodeEntities(token)));
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(name)) {
      if (!closing && !attributes.trim().endsWith('/')) {
        droppedDepth = 1;
        droppedTag = name;
      }
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;
    if (closing) {
      const index = open.lastIndexOf(name);
      if (index === -1) continue;
      // Close what was left open inside it, so the output stays well nested.
      while (open.length > index) out.push(`</${open.pop()}>`);
      continue;
    }
    if (VOID_TAGS.has(name)) {
      out.push(`<${name}>`);
      continue;
    }
    if (name === 'a') {
      const href = readHref(attributes);
      out.push(href ? `<a href="${escapeText(href)}" rel="noopener noreferrer nofollow">` : '<a>');
    } else {
      out.push(`<${name}>`);
    }
    open.push(name);
  }
  while (open.length > 0) out.push(`</${open.pop()}>`);
  const result = out.join('').trim();
  return result.length > 0 ? result : null;
}
