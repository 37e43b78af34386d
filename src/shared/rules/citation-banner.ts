import type { Citation } from '../contract/citations';
import { citationMessages } from '../messages/citations';
import { isCitationPaid, isCitationVoided } from './citation-status';

export type CitationBannerKind = 'paid' | 'voided' | 'payable' | 'warning';

/** The detail page's banner, in the spec's priority order (part 1 section 4). */
export function citationBannerKind(
  citation: Pick<Citation, 'paymentStatus' | 'datePaid' | 'voidDate' | 'amountDue'>,
): CitationBannerKind {
  return bannerKindFor(citation, citation.amountDue);
}

/** The banner of a notice whose amount due is computed but not yet part of it (the amounts' own). */
export function bannerKindFor(
  citation: Pick<Citation, 'paymentStatus' | 'datePaid' | 'voidDate'>,
  amountDue: number,
): CitationBannerKind {
  if (isCitationPaid(citation)) return 'paid';
  if (isCitationVoided(citation)) return 'voided';
  return amountDue > 0 ? 'payable' : 'warning';
}

/** Read at each call, so the text is in the current language (a server renders many). */
export const citationBannerText = (): Record<CitationBannerKind, string> => ({
  paid: citationMessages.bannerPaid,
  voided: citationMessages.bannerVoided,
  payable: citationMessages.bannerPayable,
  warning: citationMessages.bannerWarning,
});
