import { useQuery } from '@tanstack/react-query';
import {
  type InviteOperatorBody,
  inviteOperatorContract,
  listOperatorsContract,
  resendInvitationContract,
  type UpdateOperatorBody,
  updateOperatorContract,
} from '../../../../shared/contract';
import { contractKey, contractQuery } from '../../../lib/contract-query';
import { callAsOperator } from '../operator-call';

export const operatorsKey = contractKey(listOperatorsContract);

export function useOperators() {
  return useQuery(contractQuery(listOperatorsContract, {}, callAsOperator));
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
