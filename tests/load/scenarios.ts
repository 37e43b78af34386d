import type { Scenario } from './scenario';
import { bareRouteScenario } from './scenarios/bare-route';
import { baselineLookupPgScenario, baselineLookupPostgresJsScenario } from './scenarios/baseline-lookup';
import { brandScenario } from './scenarios/brand';
import { checkoutSessionScenario } from './scenarios/checkout-session';
import { consolePlateLookupScenario, consoleTrendsScenario } from './scenarios/console-desk';
import { consoleNoticeSearchScenario } from './scenarios/console-notice-search';
import { consoleCustomerSearchScenario, consolePassSearchScenario } from './scenarios/console-searches';
import { noticeLookupScenario } from './scenarios/notice-lookup';
import { passCheckoutScenario } from './scenarios/pass-checkout';
import { plateCheckScenario } from './scenarios/plate-check';
import {
  reportDataScenario,
  reportScansDeepScenario,
  reportScansScenario,
  reportSummaryScenario,
} from './scenarios/report-data';

/**
 * Every scenario `npm run bench` measures, in this order. To add one, write a file in
 * tests/load/scenarios/ that exports a `Scenario` and list it here (see docs/benchmarks.md).
 */
export const scenarios: readonly Scenario[] = [
  bareRouteScenario,
  baselineLookupPgScenario,
  baselineLookupPostgresJsScenario,
  plateCheckScenario,
  noticeLookupScenario,
  brandScenario,
  checkoutSessionScenario,
  passCheckoutScenario,
  reportDataScenario,
  consoleNoticeSearchScenario,
  consolePassSearchScenario,
  consoleCustomerSearchScenario,
  consoleTrendsScenario,
  consolePlateLookupScenario,
  reportSummaryScenario,
  reportScansScenario,
  reportScansDeepScenario,
];

/** The scenarios named by --only (all when none), failing on a name that is not registered. */
export function selectScenarios(
  only: readonly string[],
  registry: readonly Scenario[] = scenarios,
): Scenario[] {
  const unknown = only.filter((id) => !registry.some((scenario) => scenario.id === id));
  if (unknown.length) {
    const known = registry.map((scenario) => scenario.id).join(', ');
    throw new Error(`Unknown scenario ${unknown.join(', ')}; known: ${known}.`);
  }
  return only.length ? registry.filter((scenario) => only.includes(scenario.id)) : [...registry];
}
