import path from 'node:path';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { testDriver } from '../../../tests/support/test-database';

/**
 * The OpenAPI document is what third parties generate clients from: it passes Redocly's
 * recommended rules (redocly.yaml) with no error. The same on both drivers, so checked on one.
 */
describe.runIf(testDriver() === 'pglite')('the OpenAPI document', () => {
  const t = useTestApp();

  it("passes Redocly's recommended lint with no error", async () => {
    const config = await loadConfig({ configPath: path.resolve('redocly.yaml') });
    const problems = await lintFromString({
      source: JSON.stringify(t.app.swagger()),
      // The name the ignore file (.redocly.lint-ignore.yaml) keys its entries by.
      absoluteRef: path.resolve('openapi.json'),
      config,
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error' && !problem.ignored)
      .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`);
    expect(errors).toEqual([]);
    // Every operation is named after its contract, and says what credential it needs.
    const unnamed = problems.filter(
      (problem) => problem.ruleId === 'operation-operationId' && !problem.ignored,
    );
    expect(unnamed).toEqual([]);
    // The spec's paths that look alike are the ignore file's only entries.
    const ambiguous = problems.filter((problem) => problem.ruleId === 'no-ambiguous-paths');
    expect(ambiguous.length).toBeGreaterThan(0);
    expect(ambiguous.filter((problem) => !problem.ignored)).toEqual([]);
  });
});
