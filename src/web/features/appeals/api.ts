import { useQuery } from '@tanstack/react-query';
import {
  type Appeal,
  getAppealContract,
  getCitationByNumberContract,
  getCitationContract,
  type SubmitAppealBody,
  submitAppealContract,
} from '../../../shared/contract';
import { searchTermForPath } from '../../../shared/rules';
import { ApiError, apiRequest, segment } from '../../lib/api-client';

/** The notice an appeal is about, loaded by its uuid on the host's tenant. */
export function useAppealCitation(uuid: string | undefined) {
  return useQuery({
    queryKey: ['citation', uuid],
    queryFn: ({ signal }) =>
      apiRequest(`/portal/citation/${segment(uuid ?? '')}`, getCitationContract.response, { signal }),
    enabled: Boolean(uuid),
  });
}

/** The notice's appeal, or why there is none: one can still be made, or it cannot. */
export type AppealState = { appeal: Appeal } | { appeal: null; canAppeal: boolean };

export const appealQueryKey = (uuid: string | undefined, number: string | undefined) => [
  'appeal',
  uuid,
  number,
];

export function useAppeal(uuid: string | undefined, number: string | undefined) {
  return useQuery({
    queryKey: appealQueryKey(uuid, number),
    queryFn: async ({ signal }): Promise<AppealState> => {
      try {
        const appeal = await apiRequest(
          `/portal/appeal/id/${segment(uuid ?? '')}/n/${segment(number ?? '')}`,
          getAppealContract.response,
          { signal },
        );
        return { appeal };
      } catch (error) {
        if (error instanceof ApiError && error.code === 'appeal_not_found')
          return { appeal: null, canAppeal: true };
        if (error instanceof ApiError && error.status === 403) return { appeal: null, canAppeal: false };
        throw error;
      }
    },
    enabled: Boolean(uuid && number),
  });
}

export function findAppealableCitation(number: string) {
  return apiRequest(
    `/portal/citation/number/${segment(searchTermForPath(number))}`,
    getCitationByNumberContract.response,
  );
}

export function submitAppeal(body: SubmitAppealBody) {
  return apiRequest(submitAppealContract.path, submitAppealContract.response, { method: 'PUT', body });
}
