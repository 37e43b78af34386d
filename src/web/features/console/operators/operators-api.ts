import { useQuery } from '@tanstack/react-query';
import {
  type InviteOperatorBody,
  inviteOperatorContract,
  listOperatorsContract,
  resendInvitationContract,
  type UpdateOperatorBody,
  updateOperatorContract,
} from '../../../../shared/contract';
import { CONSOLE_QUERY_ROOT } from '../console-api';
import { callAsOperator } from '../operator-call';

export const operatorsKey = [CONSOLE_QUERY_ROOT, 'operators'] as const;

export function useOperators() {
  return useQuery({
    queryKey: operatorsKey,
    queryFn: ({ signal }) => callAsOperator(listOperatorsContract, {}, signal),
  });
}

export function inviteOperator(body: InviteOperatorBody) {
  return callAsOperator(inviteOperatorContract, { body });
}

export function updateOperator(uuid: string, body: UpdateOperatorBody) {
  return callAsOperator(updateOperatorContract, { params: { uuid }, body });
}

export function resendInvitation(uuid: string) {
  return callAsOperator(resendInvitationContract, { params: { uuid } });
}
