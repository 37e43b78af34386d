import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type AnswerAppealBody,
  answerAppealContract,
  listDashboardAppealMessagesContract,
  operatorLoginContract,
  postDashboardAppealMessageContract,
  type SearchDashboardAppealsQuery,
  searchDashboardAppealsContract,
} from '../../../shared/contract';
import { callApi } from '../../lib/api-client';
import { readOperatorToken } from './operator-session';

export function signInOperator(email: string, password: string) {
  return callApi(operatorLoginContract, { body: { email, password } });
}

export const dashboardAppealsKey = ['dashboard', 'appeals'] as const;

/** A page of the console's appeal list; under dashboardAppealsKey, so an answer refreshes it. */
export function useAppealSearch(query: SearchDashboardAppealsQuery) {
  return useQuery({
    queryKey: [...dashboardAppealsKey, 'search', query],
    queryFn: ({ signal }) =>
      callApi(searchDashboardAppealsContract, { query }, { signal, authorization: readOperatorToken() }),
    placeholderData: keepPreviousData,
  });
}

export function answerAppeal(uuid: string, body: AnswerAppealBody) {
  return callApi(answerAppealContract, { params: { uuid }, body }, { authorization: readOperatorToken() });
}

export const appealThreadKey = (uuid: string) => ['dashboard', 'appeal-messages', uuid] as const;

export function useDashboardAppealMessages(uuid: string) {
  return useQuery({
    queryKey: appealThreadKey(uuid),
    queryFn: ({ signal }) =>
      callApi(
        listDashboardAppealMessagesContract,
        { params: { uuid } },
        { signal, authorization: readOperatorToken() },
      ),
  });
}

export function sendAppealMessage(uuid: string, body: string, imageURLs: string[]) {
  return callApi(
    postDashboardAppealMessageContract,
    { params: { uuid }, body: { body, imageURLs } },
    { authorization: readOperatorToken() },
  );
}
