import sanitizeHtml from 'sanitize-html';

/**
 * Operator rich text (a product's footer copy) as the pages may show it: an allow-list of
 * p, br, strong, em, ul, ol, li and a[href] with an http, https or mailto address, through
 * sanitize-html (a real HTML parser, kept up to date against new ways in). Every other tag is
 * dropped with its text kept, except script, style and other non-text content, which go whole;
 * every other attribute is dropped, and links leave no opener and pass no rank.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'a', 'ul', 'ol', 'li'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  nonTextTags: [
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
  ],
};

/**
 * A second pass over what is already clean: every link left has a safe address (the first pass
 * checks schemes after transforming tags, so adding `rel` there would reach unsafe links too).
 */
const LINK_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href
        ? { href: attribs.href, rel: 'noopener noreferrer nofollow' }
        : ({} as sanitizeHtml.Attributes),
    }),
  },
};

export function sanitiseRichText(html: string | null): string | null {
  if (html === null) return null;
  const result = sanitizeHtml(sanitizeHtml(html, OPTIONS), LINK_OPTIONS).trim();
  return result.length > 0 ? result : null;
}
