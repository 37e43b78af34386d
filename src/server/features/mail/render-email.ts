import { escapeHtml } from '../../../shared/format/html';
import { emailMessages } from '../../../shared/messages/emails';
import { fillMessage } from '../../../shared/messages/fill';
import { normaliseBrandColor, textColorFor } from '../../../shared/rules';
import type { EmailContent } from '../../db/schema';
import { withLocale } from '../../plugins/request-language';

export interface EmailBrand {
  brandTitle: string;
  brandColor: string;
  logoUrl: string | null;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Only http(s) links make it into an email; anything else (javascript:, data:) is dropped. */
function safeUrl(url: string, baseUrl: string): string | null {
  try {
    const resolved = new URL(url, baseUrl);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.toString() : null;
  } catch {
    return null;
  }
}

/**
 * A branded email in HTML and plain text: the tenant's colour band with its logo and title, a
 * heading, paragraphs and an optional button. Email clients ignore style sheets, hence the
 * inline styles; every value from data is escaped.
 */
export function renderEmail(brand: EmailBrand, baseUrl: string, content: EmailContent): RenderedEmail {
  // In the language it was written in: the layout's own words too (issue 30).
  return withLocale(content.language ?? 'en', () => renderInLanguage(brand, baseUrl, content));
}

function renderInLanguage(brand: EmailBrand, baseUrl: string, content: EmailContent): RenderedEmail {
  const language = content.language === 'fr' || content.language === 'es' ? content.language : 'en';
  const color = normaliseBrandColor(brand.brandColor);
  const textColor = textColorFor(color);
  const logo = brand.logoUrl ? safeUrl(brand.logoUrl, baseUrl) : null;
  const action = content.action ? { ...content.action, url: safeUrl(content.action.url, baseUrl) } : null;
  const title = escapeHtml(brand.brandTitle);

  const html = [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0">',
    '<tr><td align="center">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">',
    `<tr><td style="background:#${color};color:#${textColor};padding:20px 24px;font-size:20px;font-weight:bold">`,
    logo
      ? `<img src="${escapeHtml(logo)}" alt="" height="40" style="height:40px;vertical-align:middle;margin-right:12px">`
      : '',
    `<span style="vertical-align:middle">${title}</span></td></tr>`,
    '<tr><td style="padding:24px">',
    `<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map(
      (paragraph) => `<p style="font-size:16px;line-height:1.5;margin:0 0 16px">${escapeHtml(paragraph)}</p>`,
    ),
    action?.url
      ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#${color};color:#${textColor};padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(action.label)}</a></p>` +
        `<p style="font-size:13px;color:#555;margin:0 0 16px">${escapeHtml(fillMessage(emailMessages.copyLink, { url: action.url }))}</p>`
      : '',
    '</td></tr>',
    `<tr><td style="padding:16px 24px;font-size:12px;color:#666;border-top:1px solid #e5e7eb">${title}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');

  const text = [
    brand.brandTitle,
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action?.url ? [`${action.label}: ${action.url}`, ''] : []),
  ].join('\n');

  return { subject: content.subject, html, text };
}
