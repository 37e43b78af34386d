import { useQuery } from '@tanstack/react-query';
import {
  APPEAL_TOKEN_HEADER,
  type Appeal,
  confirmAppealContract,
  errorCodes,
  getAppealContract,
  getCitationByNumberContract,
  getCitationContract,
  type SubmitAppealBody,
  submitAppealContract,
} from '../../../shared/contract';
import { searchTermForPath } from '../../../shared/rules';
import { callApi, isApiError } from '../../lib/api-client';
import { contractKey, contractQuery } from '../../lib/contract-query';

/** The notice an appeal is about, loaded by its uuid on the host's tenant. */
export function useAppealCitation(uuid: string | undefined) {
  return useQuery({
    ...contractQuery(getCitationContract, { params: { uuid: uuid ?? '' } }),
    enabled: Boolean(uuid),
  });
}

/** The notice's appeal, or why there is none: one can still be made, or it cannot. */
export type AppealState = { appeal: Appeal } | { appeal: null; canAppeal: boolean };

export const appealQueryKey = (uuid: string | undefined, number: string | undefined) =>
  contractKey(getAppealContract, { params: { uuid: uuid ?? '', number: number ?? '' } });

/**
 * The confirmation token of an appeal filed from this browser: it unmasks the appeal's personal
 * fields (decision record 082). Kept per notice, on this device only.
 */
const tokenKey = (citationUUID: string) => `appealToken:${citationUUID}`;
export const readAppealToken = (citationUUID: string) => window.localStorage.getItem(tokenKey(citationUUID));
const storeAppealToken = (citationUUID: string, token: string) =>
  window.localStorage.setItem(tokenKey(citationUUID), token);

export function useAppeal(uuid: string | undefined, number: string | undefined) {
  return useQuery({
    queryKey: appealQueryKey(uuid, number),
    queryFn: async ({ signal }): Promise<AppealState> => {
      try {
        const token = uuid ? readAppealToken(uuid) : null;
        const appeal = await callApi(
          getAppealContract,
          { params: { uuid: uuid ?? '', number: number ?? '' } },
          { signal, headers: token ? { [APPEAL_TOKEN_HEADER]: token } : undefined },
        );
        return { appeal };
      } catch (error) {
        if (isApiError(error, errorCodes.appeal_not_found)) return { appeal: null, canAppeal: true };
        if (isApiError(error) && error.status === 403) return { appeal: null, canAppeal: false };
        throw error;
      }
    },
    enabled: Boolean(uuid && number),
  });
}

export function findAppealableCitation(number: string) {
  return callApi(getCitationByNumberContract, { params: { number: searchTermForPath(number) } });
}

export function submitAppeal(body: SubmitAppealBody) {
  return callApi(submitAppealContract, { body });
}

/** Follows the emailed link: confirms the appeal and keeps its token to read it unmasked later. */
export async function confirmAppeal(citationUUID: string, token: string): Promise<Appeal> {
  const appeal = await callApi(confirmAppealContract, { body: { citationUUID, token } });
  storeAppealToken(citationUUID, token);
  return appeal;
}
