import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getQuotaStandingContract, type QuotaStandingAnswer } from '../../../shared/contract';
import { formatDate } from '../../../shared/format/dates';
import { fillMessage, guestQuotaMessages as m } from '../../../shared/messages';
import { useTenantTimeZone } from '../../app/brand';
import { contractQuery } from '../../lib/contract-query';
import { useJwt } from '../../lib/session';
import { asCustomer } from '../accounts/api';

/** The line a quota gives the checkout (decision 223), or null when there is nothing to say. */
export function quotaLine(quota: QuotaStandingAnswer, timeZone: string): string | null {
  const date = quota.until ? formatDate(quota.until, timeZone, 'longDate') : null;
  const amount = String(quota.remaining);
  if (date && quota.remaining <= 0) return fillMessage(m.noneLeft, { date });
  // English portal pages load no plural rules (translations/icu.ts): one hour has its own line.
  if (date && quota.measure === 'hours' && quota.remaining === 1) return fillMessage(m.leftOneHour, { date });
  if (date && quota.measure === 'hours') return fillMessage(m.leftHours, { hours: amount, date });
  if (date && quota.remaining === 1) return fillMessage(m.leftOnePass, { date });
  if (date) return fillMessage(m.leftPasses, { count: amount, date });
  if (quota.perDays === null) return null;
  return fillMessage(quota.measure === 'hours' ? m.leftHoursUnused : m.leftPassesUnused, {
    hours: amount,
    count: amount,
    days: String(quota.perDays),
  });
}

/**
 * What the signed-in customer has left of the product's quota: "You have 24 hours of guest
 * parking left until Dec 03, 2026." Nothing for a visitor who is not signed in (their email is
 * counted when they check out) or a product without a per-account quota.
 */
export function QuotaNotice({ productUuid }: { productUuid: string }) {
  const jwt = useJwt();
  const timeZone = useTenantTimeZone();
  const standing = useQuery({
    ...contractQuery(getQuotaStandingContract, { params: { id: productUuid } }, asCustomer),
    enabled: jwt !== null,
  });
  const quota = standing.data?.quota;
  const line = quota ? quotaLine(quota, timeZone) : null;
  if (!quota || !line) return null;
  return (
    <Alert color={quota.remaining <= 0 && !quota.hasOverride ? 'red' : 'blue'} data-testid="quota-notice">
      {line}
    </Alert>
  );
}
