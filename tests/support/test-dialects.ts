/**
 * The dialects this run declares suites for: TEST_DIALECTS=sqlite or =postgres (npm test runs
 * them as separate phases, scripts/test-phases.js), both when it is unset.
 */
export function runsDialect(dialect: 'sqlite' | 'postgres'): boolean {
  const chosen = process.env.TEST_DIALECTS;
  return chosen === undefined || chosen.split(',').includes(dialect);
}
