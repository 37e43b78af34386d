import type { Appeal } from '../contract/appeals';
import type { Citation } from '../contract/citations';
import { formatMoney } from '../format';
import { appealMessages } from '../messages/appeals';
import { fillMessage } from '../messages/fill';
import { appealOutcomeMessages } from '../messages/outcomes';
import { isCitationPaid, isCitationVoided } from './citation-status';

export type AppealBannerKind =
  | 'paid'
  | 'voided'
  | 'loading'
  | 'none'
  | 'pending'
  | 'status-text'
  | 'approved'
  | 'denied';

/** The appeal page's banner in the spec's order (part 1 section 4, Appeal banner). */
export function appealBannerKind(options: {
  citation: Pick<Citation, 'paymentStatus' | 'datePaid' | 'voidDate'>;
  /** undefined while loading, null when none was submitted. */
  appeal: Pick<Appeal, 'isPending' | 'responseDate' | 'status' | 'is_approved'> | null | undefined;
}): AppealBannerKind {
  const { citation, appeal } = options;
  if (isCitationPaid(citation)) return 'paid';
  if (isCitationVoided(citation)) return 'voided';
  if (appeal === undefined) return 'loading';
  if (appeal === null) return 'none';
  if (appeal.isPending || !appeal.responseDate) return 'pending';
  if (appeal.status?.trim()) return 'status-text';
  return appeal.is_approved ? 'approved' : 'denied';
}

/** The banner's text; an approval that reduced the notice says to what (issue 33). */
export function appealBannerText(
  kind: AppealBannerKind,
  statusText?: string | null,
  reducedAmount?: number | null,
): string {
  switch (kind) {
    case 'paid':
      return appealMessages.bannerPaid;
    case 'voided':
      return appealMessages.bannerVoided;
    case 'loading':
      return appealMessages.bannerLoading;
    case 'none':
      return appealMessages.bannerNoAppeal;
    case 'pending':
      return appealMessages.bannerPending;
    case 'status-text':
      return statusText?.trim() ?? '';
    case 'approved':
      return reducedAmount
        ? fillMessage(appealOutcomeMessages.bannerApprovedReduced, { amount: formatMoney(reducedAmount) })
        : appealMessages.bannerApproved;
    case 'denied':
      return appealMessages.bannerDenied;
  }
}
