import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getQuotaStandingContract, type QuotaStandingAnswer } from '../../../shared/contract';
import { formatNaturalDate } from '../../../shared/format/dates';
import { guestQuotaMessages as m } from '../../../shared/messages';
import { quotaSentence } from '../../../shared/rules/guest-quota';
import { useTenantTimeZone } from '../../app/brand';
import { contractQuery } from '../../lib/contract-query';
import { useJwt } from '../../lib/session';
import { asCustomer } from '../accounts/api';

/**
 * The line a quota gives the checkout (decision 223), or null when there is nothing to say. The
 * date is short ("until Dec 3"), with its year only when that is not this year in the tenant's zone.
 */
export function quotaLine(quota: QuotaStandingAnswer, timeZone: string, now: Date): string | null {
  const date = quota.until ? formatNaturalDate(quota.until, timeZone, now) : null;
  const amount = String(quota.remaining);
  if (date && quota.remaining <= 0) return quotaSentence(m.noneLeft, { date });
  // English portal pages load no plural rules (translations/icu.ts): one hour has its own line.
  if (date && quota.measure === 'hours' && quota.remaining === 1)
    return quotaSentence(m.leftOneHour, { date });
  if (date && quota.measure === 'hours') return quotaSentence(m.leftHours, { hours: amount, date });
  if (date && quota.remaining === 1) return quotaSentence(m.leftOnePass, { date });
  if (date) return quotaSentence(m.leftPasses, { count: amount, date });
  if (quota.perDays === null) return null;
  return quotaSentence(quota.measure === 'hours' ? m.leftHoursUnused : m.leftPassesUnused, {
    hours: amount,
    count: amount,
    days: String(quota.perDays),
  });
}

/**
 * What the signed-in customer has left of the product's quota: "You have 24 hours of guest
 * parking left until Dec 3." Nothing for a visitor who is not signed in (their email is
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
  const line = quota ? quotaLine(quota, timeZone, new Date()) : null;
  if (!quota || !line) return null;
  return (
    <Alert color={quota.remaining <= 0 && !quota.hasOverride ? 'red' : 'blue'} data-testid="quota-notice">
      {line}
    </Alert>
  );
}
