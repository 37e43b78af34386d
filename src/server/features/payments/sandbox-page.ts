import { formatDate, formatMoney, formatRecurringMoney, type RecurringPeriod } from '../../../shared/format';
import { escapeHtml } from '../../../shared/format/html';
import { accountMessages, paymentMessages as m } from '../../../shared/messages';
import { isCurrency } from '../../../shared/rules/currencies';
import { SANDBOX_CHECKOUT_PATH, SANDBOX_PORTAL_PATH } from '../../adapters/payments/sandbox';
import type { PaymentSessionRow, TenantRow } from '../../db/schema';
import { withCurrency } from '../../plugins/request-currency';
import { checkoutLineItems } from './checkout-line-items';
import type { CardRefusal, SandboxCardFields } from './sandbox-card';
import type { SandboxCheckoutClosure } from './sandbox-checkout';
import type { SandboxPortal } from './sandbox-portal';

/** What the card form says when a card is refused, by the reason. */
const CARD_REFUSAL_MESSAGES = (): Record<CardRefusal, string> => ({
  declined: m.sandboxDeclined,
  invalid: m.sandboxInvalidCard,
  'not-a-test-card': m.sandboxTestCardsOnly,
});

/** What the checkout page says instead of its form once it is closed. */
const CLOSURE_MESSAGES = (): Record<SandboxCheckoutClosure, string> => ({
  paid: m.sandboxSessionPaid,
  expired: m.sandboxSessionClosed,
});

/** A refused card: why, and what was typed, to fill the form again. */
export interface CardFormRefusal {
  reason: CardRefusal;
  values: SandboxCardFields;
}

/** Plain, high-contrast styling that works at 375px; written with the CSP's style nonce. */
const STYLES = `
body{margin:0;font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;line-height:1.5}
main{max-width:28rem;margin:0 auto;padding:1rem}
.badge{display:inline-block;background:#7c2d12;color:#fff;font-weight:700;padding:.15rem .6rem;border-radius:4px;letter-spacing:.05em}
.notice{background:#fff7ed;border:1px solid #9a3412;padding:.75rem;border-radius:6px}
.card{background:#fff;border:1px solid #d4d4d8;border-radius:8px;padding:1rem;margin:1rem 0}
.amount{font-size:2rem;font-weight:700;margin:0}
label{display:block;font-weight:600;margin-top:.75rem}
input{box-sizing:border-box;width:100%;font-size:1rem;padding:.6rem;border:1px solid #52525b;border-radius:6px}
button{font-size:1rem;font-weight:700;padding:.7rem 1.2rem;border-radius:6px;border:0;background:#1d4ed8;color:#fff;cursor:pointer;margin-top:1rem}
button.secondary{background:#fff;color:#1d4ed8;border:1px solid #1d4ed8;margin-top:0}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.error{color:#991b1b;font-weight:600}
.row{display:flex;gap:.75rem}.row>div{flex:1}
ul.cards{list-style:none;padding:0}ul.cards li{display:flex;justify-content:space-between;align-items:center;gap:.5rem;padding:.5rem 0;border-bottom:1px solid #e4e4e7}
a{color:#1d4ed8}
table.receipt{width:100%;border-collapse:collapse}table.receipt th,table.receipt td{text-align:left;padding:.4rem 0;border-bottom:1px solid #e4e4e7;vertical-align:top;overflow-wrap:anywhere}
`;

function renderSandboxDocument(options: { title: string; styleNonce: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}</title>
<style nonce="${escapeHtml(options.styleNonce)}">${STYLES}</style>
</head>
<body><main>${options.body}</main></body>
</html>`;
}

const header = (title: string, notice: string) =>
  `<p><span class="badge">${m.sandboxBadge}</span></p><h1>${escapeHtml(title)}</h1><p class="notice" role="note">${escapeHtml(notice)}</p>`;

const errorBlock = (error: string | null) =>
  error ? `<p class="error" role="alert" id="card-error">${escapeHtml(error)}</p>` : '';

/** The card form; the values typed before an error come back, except the CVC. */
function cardFields(values: { cardNumber?: string; expiry?: string }, hasError: boolean): string {
  const described = hasError ? ' aria-describedby="card-error" aria-invalid="true"' : '';
  return `
<label for="cardNumber">${m.sandboxCardNumber}</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required value="${escapeHtml(values.cardNumber ?? '')}"${described}>
<div class="row">
<div><label for="expiry">${m.sandboxExpiry}</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/YY" required value="${escapeHtml(values.expiry ?? '')}"${described}></div>
<div><label for="cvc">${m.sandboxCvc}</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required${described}></div>
</div>`;
}

/** The checkout's lines (notice, processing fee, service fee), each with its amount. */
function lineItemsTable(lineItems: ReadonlyArray<{ name: string; amount: number }>): string {
  const rows = lineItems
    .map(
      (item) => `<tr><th scope="row">${escapeHtml(item.name)}</th><td>${formatMoney(item.amount)}</td></tr>`,
    )
    .join('');
  return `<table class="receipt" data-testid="checkout-lines"><tbody>${rows}</tbody></table>`;
}

function renderCheckoutPage(options: {
  brandTitle: string;
  description: string;
  lineItems: ReadonlyArray<{ name: string; amount: number }>;
  /** The total charged: the sum of the lines. */
  amount: number;
  payAction: string;
  cancelUrl: string;
  error: string | null;
  values?: { cardNumber?: string; expiry?: string };
  isClosed?: string | null;
  /** A subscription's period: the total is charged again every period. */
  period: RecurringPeriod | null;
}): string {
  const total = options.period
    ? formatRecurringMoney(options.amount, options.period)
    : formatMoney(options.amount);
  const summary = `<section class="card" aria-label="${m.sandboxPayingTo}">
<p>${m.sandboxPayingTo} ${escapeHtml(options.brandTitle)}: ${escapeHtml(options.description)}</p>
${lineItemsTable(options.lineItems)}
<p>${m.sandboxAmount}</p><p class="amount" data-testid="checkout-total">${total}</p></section>`;
  const form = options.isClosed
    ? `<p class="error" role="alert">${escapeHtml(options.isClosed)}</p>`
    : `<form class="card" method="post" action="${escapeHtml(options.payAction)}" novalidate>
${errorBlock(options.error)}
${cardFields(options.values ?? {}, Boolean(options.error))}
<button type="submit">${m.sandboxPay} ${total}</button>
</form>`;
  return `${header(m.sandboxCheckoutTitle, m.sandboxCheckoutNotice)}${summary}${form}
<p><a href="${escapeHtml(options.cancelUrl)}">${options.isClosed ? m.sandboxBackToPortal : m.sandboxCancel}</a></p>`;
}

function renderReceiptPage(options: {
  brandTitle: string;
  lineItems: ReadonlyArray<{ name: string; amount: number }>;
  amount: number;
  paidAt: Date;
  refundedAt: Date | null;
  paymentId: string;
  timeZone: string;
  backUrl: string;
}): string {
  const row = (label: string, value: string) =>
    `<tr><th scope="row">${label}</th><td>${escapeHtml(value)}</td></tr>`;
  const rows = [
    ...options.lineItems.map((item) => row(escapeHtml(item.name), formatMoney(item.amount))),
    row(m.sandboxReceiptTotal, formatMoney(options.amount)),
    row(m.sandboxReceiptPaidOn, formatDate(options.paidAt, options.timeZone, 'dateTime')),
    options.refundedAt
      ? row(m.sandboxReceiptRefundedOn, formatDate(options.refundedAt, options.timeZone, 'dateTime'))
      : '',
    row(m.sandboxReceiptPaymentId, options.paymentId),
  ].join('');
  return `${header(m.sandboxReceiptTitle, m.sandboxReceiptNotice)}
<section class="card" aria-label="${m.sandboxReceiptTitle}"><p>${escapeHtml(options.brandTitle)}</p>
<table class="receipt"><tbody>${rows}</tbody></table></section>
<p><a href="${escapeHtml(options.backUrl)}">${m.sandboxBackToPortal}</a></p>`;
}

function renderPortalPage(options: {
  brandTitle: string;
  cards: Array<{ id: string; brand: string; last4: string; expMonth: number; expYear: number }>;
  addAction: string;
  removeAction: (cardId: string) => string;
  returnUrl: string;
  error: string | null;
  values?: { cardNumber?: string; expiry?: string };
}): string {
  const cards = options.cards.length
    ? `<ul class="cards">${options.cards
        .map((card) => {
          const label = `${card.brand.toUpperCase()} •••• ${card.last4} ${m.sandboxCardExpires} ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
          return `<li><span>${escapeHtml(label)}</span><form method="post" action="${escapeHtml(options.removeAction(card.id))}"><button type="submit" class="secondary" aria-label="${escapeHtml(`${m.sandboxRemoveCard} ${label}`)}">${m.sandboxRemoveCard}</button></form></li>`;
        })
        .join('')}</ul>`
    : `<p>${accountMessages.noCards}</p>`;
  return `${header(m.sandboxPortalTitle, m.sandboxPortalNotice)}
<section class="card" aria-labelledby="saved-cards"><h2 id="saved-cards">${m.sandboxSavedCards}</h2><p>${escapeHtml(options.brandTitle)}</p>${cards}</section>
<form class="card" method="post" action="${escapeHtml(options.addAction)}" novalidate>
<h2>${m.sandboxAddCard}</h2>
${errorBlock(options.error)}
${cardFields(options.values ?? {}, Boolean(options.error))}
<button type="submit">${m.sandboxAddCard}</button>
</form>
<p><a href="${escapeHtml(options.returnUrl)}">${m.sandboxBackToPortal}</a></p>`;
}

/** A provider's page shows what it charges: amounts in the session's own currency. */
const inCurrencyOf = (session: PaymentSessionRow, render: () => string) =>
  isCurrency(session.currency) ? withCurrency(session.currency, render) : render();

/** The sandbox checkout page of a session: its form, the form with a refused card, or why it is closed. */
export function renderSandboxCheckout(options: {
  tenant: Pick<TenantRow, 'brandTitle'>;
  session: PaymentSessionRow;
  closure?: SandboxCheckoutClosure | null;
  refusal?: CardFormRefusal;
  period: RecurringPeriod | null;
  styleNonce: string;
}): string {
  const { session } = options;
  const isClosed = options.closure ? CLOSURE_MESSAGES()[options.closure] : null;
  const body = inCurrencyOf(session, () =>
    renderCheckoutPage({
      brandTitle: options.tenant.brandTitle,
      description: session.description,
      lineItems: checkoutLineItems(session),
      amount: session.amount,
      payAction: `${SANDBOX_CHECKOUT_PATH}/${session.providerSessionId}`,
      cancelUrl: isClosed ? session.successUrl : session.cancelUrl,
      error: options.refusal ? CARD_REFUSAL_MESSAGES()[options.refusal.reason] : null,
      values: options.refusal?.values,
      isClosed,
      period: options.period,
    }),
  );
  return renderSandboxDocument({ title: m.sandboxCheckoutTitle, styleNonce: options.styleNonce, body });
}

/** The receipt of a paid sandbox checkout, in the tenant's time zone. */
export function renderSandboxReceipt(options: {
  tenant: Pick<TenantRow, 'brandTitle' | 'timezone'>;
  receipt: PaymentSessionRow & { paidAt: Date; providerPaymentId: string };
  styleNonce: string;
}): string {
  const { tenant, receipt } = options;
  const body = inCurrencyOf(receipt, () =>
    renderReceiptPage({
      brandTitle: tenant.brandTitle,
      lineItems: checkoutLineItems(receipt),
      amount: receipt.amount,
      paidAt: receipt.paidAt,
      refundedAt: receipt.refundedAt,
      paymentId: receipt.providerPaymentId,
      timeZone: tenant.timezone,
      backUrl: receipt.successUrl,
    }),
  );
  return renderSandboxDocument({ title: m.sandboxReceiptTitle, styleNonce: options.styleNonce, body });
}

/** The sandbox customer portal: the saved cards and the form to add one. */
export function renderSandboxPortal(options: {
  tenant: Pick<TenantRow, 'brandTitle'>;
  portal: SandboxPortal;
  refusal?: CardFormRefusal;
  styleNonce: string;
}): string {
  const { portal } = options;
  const base = `${SANDBOX_PORTAL_PATH}/${portal.id}`;
  const body = renderPortalPage({
    brandTitle: options.tenant.brandTitle,
    cards: portal.cards,
    addAction: `${base}/cards`,
    removeAction: (cardId) => `${base}/cards/${cardId}/remove`,
    returnUrl: portal.returnUrl,
    error: options.refusal ? CARD_REFUSAL_MESSAGES()[options.refusal.reason] : null,
    values: options.refusal?.values,
  });
  return renderSandboxDocument({ title: m.sandboxPortalTitle, styleNonce: options.styleNonce, body });
}
