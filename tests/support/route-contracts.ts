import * as contracts from '../../src/shared/contract';
import { isRouteContract, type RouteContract } from '../../src/shared/contract';

/**
 * Every call's contract, found by what it is rather than listed by hand: a route added to the
 * shared contract is covered by the tests that walk this list (route table, tenant and role
 * matrix, generated bad input) without anyone remembering to add it.
 */
export function allRouteContracts(): Array<{ name: string; contract: RouteContract }> {
  const found: Array<{ name: string; contract: RouteContract }> = [];
  for (const [name, value] of Object.entries(contracts as Record<string, unknown>)) {
    if (isRouteContract(value)) found.push({ name, contract: value });
  }
  return found;
}
