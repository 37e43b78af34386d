import * as contracts from '../../shared/contract';
import { isRouteContract, type RouteContract } from '../../shared/contract';

/**
 * Each route's OpenAPI operationId: its contract's export name without "Contract"
 * (`citationSearchContract` → `citationSearch`), so a client generated from the document names
 * its calls as our code does. Found by walking the contract module, like the route table.
 */
const operationIds = new Map<RouteContract, string>(
  Object.entries(contracts as Record<string, unknown>).flatMap(([name, value]) =>
    isRouteContract(value) ? [[value, name.replace(/Contract$/, '')] as const] : [],
  ),
);

export function operationIdOf(contract: RouteContract): string | undefined {
  return operationIds.get(contract);
}
