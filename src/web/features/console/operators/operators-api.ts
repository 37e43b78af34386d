import { useQuery } from '@tanstack/react-query';
import {
  type InviteOperatorBody,
  inviteOperatorContract,
  listOperatorsContract,
  resendInvitationContract,
  type UpdateOperatorBody,
  updateOperatorContract,
} from '../../../../shared/contract';
import { callApi } from '../../../lib/api-client';
import { readOperatorToken } from '../../operator/operator-session';
import { CONSOLE_QUERY_ROOT } from '../console-api';

export const operatorsKey = [CONSOLE_QUERY_ROOT, 'operators'] as const;

export function useOperators() {
  return useQuery({
    queryKey: operatorsKey,
    queryFn: ({ signal }) =>
      callApi(listOperatorsContract, {}, { signal, authorization: readOperatorToken() }),
  });
}

export function inviteOperator(body: InviteOperatorBody) {
  return callApi(inviteOperatorContract, { body }, { authorization: readOperatorToken() });
}

export function updateOperator(uuid: string, body: UpdateOperatorBody) {
  return callApi(updateOperatorContract, { params: { uuid }, body }, { authorization: readOperatorToken() });
}

export function resendInvitation(uuid: string) {
  return callApi(resendInvitationContract, { params: { uuid } }, { authorization: readOperatorToken() });
}
