import type { CallInput, ResponseOf, RouteContract } from '../../../shared/contract';
import { callApi } from '../../lib/api-client';
import { readOperatorToken } from '../operator/operator-session';

/**
 * A console call with the signed-in operator's token. Every console section calls through here,
 * so the token is read in one place.
 */
export function callAsOperator<Contract extends RouteContract>(
  contract: Contract,
  input: CallInput<Contract>,
  signal?: AbortSignal,
): Promise<ResponseOf<Contract>> {
  return callApi(contract, input, { authorization: readOperatorToken(), signal });
}
