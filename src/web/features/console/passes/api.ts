import { keepPreviousData, type QueryClient, type QueryKey, useQuery } from '@tanstack/react-query';
import {
  getConsolePassContract,
  type ListConsolePassesQuery,
  listConsolePassesContract,
  listConsoleProductsContract,
} from '../../../../shared/contract';
import { contractKey, contractQuery } from '../../../lib/contract-query';
import { callAsOperator } from '../operator-call';

/** Every page of the passes list (the approvals queue is one of its filters). */
export const consolePassesKey = contractKey(listConsolePassesContract);
export const consolePassQuery = (uuid: string) =>
  contractQuery(getConsolePassContract, { params: { uuid } }, callAsOperator);

export function useConsolePassList(query: ListConsolePassesQuery) {
  return useQuery({
    ...contractQuery(listConsolePassesContract, { query }, callAsOperator),
    // The table keeps showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useConsolePass(uuid: string) {
  return useQuery(consolePassQuery(uuid));
}

/**
 * What a change to passes (a decision, a cancel, a refund) makes stale: the lists of passes, each
 * pass read, and the products' places held.
 */
export const passChangeKeys: QueryKey[] = [
  consolePassesKey,
  contractKey(getConsolePassContract),
  contractKey(listConsoleProductsContract),
];

export function refreshPasses(queryClient: QueryClient) {
  return Promise.all(passChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
