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
import { contractKey, contractQuery } from '../../lib/contract-query';
import { callAsOperator } from '../console/operator-call';
import { readOperatorToken } from './operator-session';

export function signInOperator(email: string, password: string) {
  return callApi(operatorLoginContract, { body: { email, password } });
}

export const dashboardAppealsKey = contractKey(searchDashboardAppealsContract);

/** A page of the console's appeal list; under dashboardAppealsKey, so an answer refreshes it. */
export function useAppealSearch(query: SearchDashboardAppealsQuery) {
  return useQuery({
    ...contractQuery(searchDashboardAppealsContract, { query }, callAsOperator),
    placeholderData: keepPreviousData,
  });
}

export function answerAppeal(uuid: string, body: AnswerAppealBody) {
  return callApi(answerAppealContract, { params: { uuid }, body }, { authorization: readOperatorToken() });
}

const appealThreadQuery = (uuid: string) =>
  contractQuery(listDashboardAppealMessagesContract, { params: { uuid } }, callAsOperator);
export const appealThreadKey = (uuid: string) => appealThreadQuery(uuid).queryKey;

export function useDashboardAppealMessages(uuid: string) {
  return useQuery({
    ...appealThreadQuery(uuid),
  });
}

export function sendAppealMessage(uuid: string, body: string, imageURLs: string[]) {
  return callApi(
    postDashboardAppealMessageContract,
    { params: { uuid }, body: { body, imageURLs } },
    { authorization: readOperatorToken() },
  );
}
