import { useQuery } from '@tanstack/react-query';
import { getWaitlistOfferContract } from '../../../shared/contract';
import { contractQuery } from '../../lib/contract-query';

export const waitlistOfferQuery = (token: string) =>
  contractQuery(getWaitlistOfferContract, { params: { token } });

/** A waitlist offer by its link's token (issue 31); disabled without a token. */
export function useWaitlistOffer(token: string | null) {
  return useQuery({
    ...waitlistOfferQuery(token ?? ''),
    enabled: Boolean(token),
    retry: false,
  });
}
