import { useQuery } from '@tanstack/react-query';
import { getWaitlistOfferContract } from '../../../shared/contract';
import { callApi } from '../../lib/api-client';

/** A waitlist offer by its link's token (issue 31); disabled without a token. */
export function useWaitlistOffer(token: string | null) {
  return useQuery({
    queryKey: ['waitlist-offer', token],
    queryFn: ({ signal }) =>
      callApi(getWaitlistOfferContract, { params: { token: token ?? '' } }, { signal }),
    enabled: Boolean(token),
    retry: false,
  });
}
