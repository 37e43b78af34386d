import { useQuery } from '@tanstack/react-query';
import {
  type AnswerAppealBody,
  answerAppealContract,
  listDashboardAppealsContract,
  operatorLoginContract,
} from '../../../shared/contract';
import { apiRequest, segment } from '../../lib/api-client';
import { readOperatorToken } from './operator-session';

export function signInOperator(email: string, password: string) {
  return apiRequest(operatorLoginContract.path, operatorLoginContract.response, {
    method: 'POST',
    body: { email, password },
  });
}

export const dashboardAppealsKey = ['dashboard', 'appeals'] as const;

export function useDashboardAppeals() {
  return useQuery({
    queryKey: dashboardAppealsKey,
    queryFn: ({ signal }) =>
      apiRequest(listDashboardAppealsContract.path, listDashboardAppealsContract.response, {
        signal,
        authorization: readOperatorToken(),
      }),
  });
}

export function answerAppeal(uuid: string, body: AnswerAppealBody) {
  return apiRequest(`/dashboard/appeals/${segment(uuid)}`, answerAppealContract.response, {
    method: 'PUT',
    body,
    authorization: readOperatorToken(),
  });
}
