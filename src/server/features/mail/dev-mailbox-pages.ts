import { escapeHtml } from '../../../shared/format/html';
import type { DevMailboxRow } from '../../db/schema';

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;
}

/** The text body with its addresses turned into links, so a test (or a developer) can follow them. */
function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = (match.index ?? 0) + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

export function renderMailboxPage(messages: DevMailboxRow[]): string {
  const rows = messages
    .map(
      (message) =>
        `<tr><td>${escapeHtml(message.deliveredAt.toISOString())}</td><td>${escapeHtml(message.toAddress)}</td><td><a href="/dev/mailbox/${message.id}">${escapeHtml(message.subject)}</a></td></tr>`,
    )
    .join('');
  const body = `<h1>Development mailbox</h1><p>Emails the development outbox delivered, newest first. This page does not exist in production.</p>${
    messages.length
      ? `<table><caption>Messages</caption><thead><tr><th scope="col">Delivered</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No messages yet.</p>'
  }`;
  return page('Development mailbox', body);
}

export function renderMessagePage(message: DevMailboxRow): string {
  const body = `<p><a href="/dev/mailbox">Back to the mailbox</a></p><h1>${escapeHtml(message.subject)}</h1><dl><dt>From</dt><dd>${escapeHtml(message.fromAddress)}</dd><dt>To</dt><dd>${escapeHtml(message.toAddress)}</dd><dt>Delivered</dt><dd>${escapeHtml(message.deliveredAt.toISOString())}</dd></dl><p><a href="/dev/mailbox/${message.id}/html">View as HTML</a></p><pre>${linkify(message.textBody)}</pre>`;
  return page(message.subject, body);
}
