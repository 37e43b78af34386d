import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  getCitationContract,
  getConsoleProductContract,
  searchCitationsContract,
} from '../../shared/contract';
import { type ContractCaller, contractKey, contractMutation, contractQuery } from './contract-query';

describe('query options from a contract', () => {
  it('keys a call by its contract and input, never by a hand-written name', () => {
    expect(contractKey(getCitationContract)).toEqual([`GET ${getCitationContract.path}`]);
    expect(contractQuery(getCitationContract, { params: { uuid: 'c-1' } }).queryKey).toEqual([
      `GET ${getCitationContract.path}`,
      { params: { uuid: 'c-1' } },
    ]);
    expect(contractKey(getCitationContract)).not.toEqual(contractKey(searchCitationsContract));
  });

  it('keeps each viewer’s answer of one input apart, under the contract’s prefix', () => {
    const input = { params: { uuid: 'c-1' } };
    const asGuest = contractQuery(getCitationContract, input, undefined, 'guest').queryKey;
    const asCustomer = contractQuery(getCitationContract, input, undefined, 'customer').queryKey;
    expect(asGuest).not.toEqual(asCustomer);
    expect(asCustomer.slice(0, 2)).toEqual(contractKey(getCitationContract, input));
  });

  it('fetches through the given caller with the input and the abort signal', async () => {
    const calls: unknown[] = [];
    const caller = (async (contract, input, signal) => {
      calls.push([contract, input, signal instanceof AbortSignal]);
      return { uuid: 'p-1' };
    }) as ContractCaller;
    const client = new QueryClient();
    const data = await client.fetchQuery(
      contractQuery(getConsoleProductContract, { params: { uuid: 'p-1' } }, caller),
    );
    expect(data).toEqual({ uuid: 'p-1' });
    expect(calls).toEqual([[getConsoleProductContract, { params: { uuid: 'p-1' } }, true]]);
    await contractMutation(getConsoleProductContract, caller).mutationFn({ params: { uuid: 'p-2' } });
    expect(calls[1]).toEqual([getConsoleProductContract, { params: { uuid: 'p-2' } }, false]);
  });

  it('invalidates every input of a contract by its bare key, and one input by part of it', async () => {
    const client = new QueryClient();
    const caller = (async () => ({})) as unknown as ContractCaller;
    await client.fetchQuery(contractQuery(getCitationContract, { params: { uuid: 'a' } }, caller));
    await client.fetchQuery(contractQuery(getCitationContract, { params: { uuid: 'b' } }, caller));
    await client.fetchQuery(contractQuery(getConsoleProductContract, { params: { uuid: 'a' } }, caller));
    const stale = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.isInvalidated)
        .map((query) => query.queryKey);
    await client.invalidateQueries({ queryKey: contractKey(getCitationContract, { params: { uuid: 'b' } }) });
    expect(stale()).toEqual([contractKey(getCitationContract, { params: { uuid: 'b' } })]);
    await client.invalidateQueries({ queryKey: contractKey(getCitationContract) });
    expect(stale()).toHaveLength(2);
  });
});
