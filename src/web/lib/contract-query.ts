import { type QueryKey, queryOptions } from '@tanstack/react-query';
import type { CallInput, ResponseOf, RouteContract } from '../../shared/contract';
import { callApi } from './api-client';

/**
 * How a screen reaches the API (decision 225): anonymously, as the signed-in customer, as the
 * operator or as the platform admin. Each is `callApi` with the caller's token.
 */
export type ContractCaller = <Contract extends RouteContract>(
  contract: Contract,
  input: CallInput<Contract>,
  signal?: AbortSignal,
) => Promise<ResponseOf<Contract>>;

/** A call without a session: the public pages. */
export const callPublic: ContractCaller = (contract, input, signal) => callApi(contract, input, { signal });

/** Any part of a call's input: a query key's prefix matches every call whose input contains it. */
export type PartialInput<Contract extends RouteContract> = {
  [Part in keyof CallInput<Contract>]?: Partial<CallInput<Contract>[Part]>;
};

/**
 * A contract's query key: its method and path (what names a call in the route table, the OpenAPI
 * document and the server's logs), then the input when one is given. Without the input, or with
 * part of it, it is a prefix that invalidates every cached answer of that call (or of those
 * inputs): `invalidateQueries({ queryKey: contractKey(getConsoleProductContract) })`.
 */
export function contractKey<Contract extends RouteContract>(
  contract: Contract,
  input?: PartialInput<Contract>,
): QueryKey {
  const name = `${contract.method} ${contract.path}`;
  return input === undefined ? [name] : [name, input];
}

/**
 * `queryOptions` for one call of a contract: the key from the contract and its input, the fetch
 * through `call` with the query's abort signal, and `viewer` (who asks) last in the key where the
 * answer depends on it. Spread and extend it (`enabled`, `select`,
 * `refetchInterval`); the server renderer prefetches the same options (app/server-pages.ts).
 */
export function contractQuery<Contract extends RouteContract>(
  contract: Contract,
  input: CallInput<Contract>,
  call: ContractCaller = callPublic,
  viewer?: string,
) {
  const key = contractKey(contract, input as PartialInput<Contract>);
  return queryOptions({
    // A call that answers each viewer differently for one input (the catalogue shows a signed-in
    // customer what their account may buy) keeps each viewer's answer apart.
    queryKey: (viewer === undefined ? key : [...key, viewer]) as readonly unknown[],
    queryFn: ({ signal }) => call(contract, input, signal) as Promise<ResponseOf<Contract>>,
    // Who asked: invalidating every answer of one caller (the signed-in customer's) reads it.
    meta: { caller: call },
  });
}

/**
 * `useMutation` options for a contract: the mutation takes the call's input. Its `isPending` and
 * `error` are the screen's busy and error state; spread and add `onSuccess` and friends.
 */
export function contractMutation<Contract extends RouteContract>(
  contract: Contract,
  call: ContractCaller = callPublic,
) {
  return {
    mutationKey: contractKey(contract),
    mutationFn: (input: CallInput<Contract>) => call(contract, input),
  };
}
