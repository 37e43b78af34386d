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
  /** Extra headers, e.g. the Idempotency-Key a dialog keeps for every click it sends (decision 224). */
  headers?: Record<string, string>,
): Promise<ResponseOf<Contract>> {
  return callApi(contract, input, { authorization: readOperatorToken(), signal, headers });
}
