import { isLocale } from '../i18n/locales';
import { consoleAuditMessages as m } from '../messages/console-audit';
import { currencyNames } from '../messages/currencies';
import { languageNames } from '../messages/languages';
import { consoleMessages } from '../messages/operator-console';
import { isCurrency } from '../rules/currencies';
import { formatDate } from './dates';
import { formatMoney } from './money';
import { formatNumber } from './numbers';
import { isPassPaidStatus, PASS_STATUS_LABELS } from './pass-status';

/** One changed field of an audit entry, labelled and formatted for a person. */
export interface AuditChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** Fields holding cents: shown as money. */
const MONEY_FIELDS = new Set([
  'amount',
  'amountOverride',
  'paidTotal',
  'price',
  'refundAmount',
  'refundable',
  'refundedAmount',
  'lateAmount1',
  'lateAmount2',
  'lateAmount3',
  'convenienceFee',
]);

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** 'lateDays1' → 'Late days 1': a field without a label still reads as words. */
export function fieldLabel(field: string): string {
  const known = m.fields[field];
  if (known) return known;
  const words = field
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as a person reads it: money, dates in the tenant's zone, yes or no, lists by comma. */
export function formatAuditValue(field: string, value: unknown, timeZone: string): string {
  if (value === undefined) return '';
  if (field === 'language') return languageValue(value);
  if (field === 'role' && typeof value === 'string') return roleName(value);
  if (field === 'currency' && isCurrency(value)) return currencyNames[value];
  // A pass's status by its console name ('Approval needed'), not its code ('waiting').
  if (field === 'paidStatus' && isPassPaidStatus(value)) return PASS_STATUS_LABELS()[value];
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? m.yes : m.no;
  if (typeof value === 'number') return MONEY_FIELDS.has(field) ? formatMoney(value) : numberValue(value);
  if (typeof value === 'string') return INSTANT.test(value) ? formatDate(value, timeZone, 'dateTime') : value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.map((item) => formatAuditValue(field, item, timeZone)).join(', ');
  }
  return JSON.stringify(value);
}

/** A saved language by its name ('Français'); none saved follows the browser or the portal. */
function languageValue(value: unknown): string {
  if (value === null || value === '') return m.languageDefault;
  return isLocale(value) ? languageNames[value] : String(value);
}

/** An operator's role by its name ('Administrator'), not its code. */
function roleName(role: string): string {
  return (consoleMessages.roleNames as Record<string, string>)[role] ?? role;
}

/** A number in the reader's language, its decimals kept ('1 234,5' in French). */
function numberValue(value: number): string {
  const decimals = /^-?\d+\.(\d+)$/.exec(String(value))?.[1]?.length ?? 0;
  return /e/i.test(String(value)) ? String(value) : formatNumber(value, decimals);
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The fields whose values differ between before and after, in the order they first appear,
 * labelled and formatted. A creation (no before) lists every field of after; a deletion every
 * field of before.
 */
export function describeAuditChanges(before: unknown, after: unknown, timeZone: string): AuditChange[] {
  const from = asRecord(before);
  const to = asRecord(after);
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field]))
    .map((field) => ({
      field,
      label: fieldLabel(field),
      before: formatAuditValue(field, from[field], timeZone),
      after: formatAuditValue(field, to[field], timeZone),
    }));
}

/** A kind of change by name ('notice.void' → 'Notice voided'); an unknown one as it is. */
export const actionLabel = (action: string): string => m.actions[action] ?? action;

/** A kind of record by name. */
export const kindLabel = (kind: string): string => m.kinds[kind] ?? fieldLabel(kind);

/** Who made a change, as the log shows it: the operator's name, else the label kept with the entry. */
export function actorOf(entry: { actorName: string | null; actorLabel: string }): string {
  if (entry.actorName) return entry.actorName;
  if (entry.actorLabel === 'system') return m.system;
  if (entry.actorLabel === 'platform admin') return m.platformAdmin;
  return entry.actorLabel;
}
