import { useMutation } from '@tanstack/react-query';
import type { ResponseOf, RouteContract } from '../../shared/contract';
import { type ContractCaller, callPublic, contractMutation } from './contract-query';

/**
 * A contract's call whose answer says where the browser goes next (a provider's checkout, most
 * often), and the move there. `isLeaving` holds from the press until the page is gone: a success
 * is not the end of the wait, the browser is on its way. `error` is a refusal, the page stays.
 */
export function useRedirectingMutation<Contract extends RouteContract>(
  contract: Contract,
  destination: (answer: ResponseOf<Contract>) => string,
  call: ContractCaller = callPublic,
) {
  const mutation = useMutation({
    ...contractMutation(contract, call),
    onSuccess: (answer) => window.location.assign(destination(answer)),
  });
  return { ...mutation, isLeaving: mutation.isPending || mutation.isSuccess };
}
