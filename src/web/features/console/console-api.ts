import { type Query, useQuery } from '@tanstack/react-query';
import { getOperatorMeContract, signOutEverywhereContract } from '../../../shared/contract';
import type { Action } from '../../../shared/rules/permission-actions';
import { contractKey, contractQuery } from '../../lib/contract-query';
import { readOperatorToken } from '../operator/operator-session';
import { callAsOperator } from './operator-call';

/** Every console query's key starts with this, so signing out forgets them all at once. */
export const CONSOLE_QUERY_ROOT = 'dashboard';

/**
 * Whether a query was asked as the signed-in operator: read through `contractQuery(..., callAsOperator)`
 * (decision 225), or still under a hand-written key starting with CONSOLE_QUERY_ROOT.
 */
export function isOperatorQuery(query: Query): boolean {
  return query.meta?.caller === callAsOperator || query.queryKey[0] === CONSOLE_QUERY_ROOT;
}

export const operatorMeKey = contractKey(getOperatorMeContract);

/** Who the signed-in operator is: the frame's query, also fetched by the server renderer (decision 252). */
export const operatorMeQuery = () => contractQuery(getOperatorMeContract, {}, callAsOperator);

/** The signed-in operator and their role: the frame's menu and name. */
export function useOperatorMe() {
  return useQuery({
    ...operatorMeQuery(),
    staleTime: 60_000,
    retry: false,
    // Signed out, there is nobody to ask about: the frame sends the visitor to sign-in, keeping
    // the page they asked for (a refused call here would race it and lose that page).
    enabled: Boolean(readOperatorToken()),
  });
}

export function signOutEverywhere() {
  return callAsOperator(signOutEverywhereContract, {});
}

/**
 * Whether the signed-in operator's role may do `action`: false until the answer is in, so an
 * action appears rather than disappears. Only a convenience: the server checks every call.
 */
export function useOperatorCan(action: Action): boolean {
  const me = useOperatorMe();
  return me.data?.permissions.includes(action) ?? false;
}
