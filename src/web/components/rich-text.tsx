import { Anchor, Box } from '@mantine/core';
import { createElement, type ReactNode } from 'react';

/** The tags operator rich text may use (the server's sanitiser keeps the same). */
const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li']);
const SAFE_HREF = /^(https?:|mailto:|tel:)/i;
/** Tags whose content is not text to read: dropped whole. */
const DROPPED_TAGS = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math']);

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return null;
  const children = Array.from(element.childNodes, toReact);
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    if (!SAFE_HREF.test(href.trim())) return <span key={key}>{children}</span>;
    return (
      <Anchor key={key} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </Anchor>
    );
  }
  // Anything else keeps its text and loses its tag (and every attribute).
  if (!ALLOWED_TAGS.has(tag)) return <span key={key}>{children}</span>;
  return createElement(tag, { key }, ...(tag === 'br' ? [] : children));
}

/**
 * Operator rich text (footer copy). The server sanitises it before storing; the page still never
 * hands it to innerHTML: it is parsed inertly and rebuilt from an allow-list of tags, links only
 * to http(s), mailto and tel, so nothing in it can run or restyle the page.
 */
export function RichText({ html, testId }: { html: string | null; testId?: string }) {
  if (!html?.trim()) return null;
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return (
    <Box className="rich-text" data-testid={testId}>
      {Array.from(body.childNodes, toReact)}
    </Box>
  );
}
