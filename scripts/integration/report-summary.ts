import type { SuiteReport } from '../../test/integration/support/report';

export interface RunOutcome {
  passed: number;
  failed: number;
  /** Reasons the run fails besides failed tests: no tests ran, the product did not activate, the suite did not load. */
  problems: string[];
}

const marks = { passed: 'ok  ', failed: 'FAIL', pending: 'skip' } as const;

/** Prints each test and the final `N passed, N failed` line; returns what decides the exit code. */
export function printReport(report: SuiteReport): RunOutcome {
  console.log(`Integration suite in VS Code ${report.vscodeVersion}:`);
  for (const test of report.tests) {
    console.log(`  ${marks[test.state]} ${test.title}`);
    if (test.error) console.log(indent(test.error, '         '));
  }
  const passed = report.tests.filter((t) => t.state === 'passed').length;
  const failed = report.tests.filter((t) => t.state === 'failed').length;
  const problems: string[] = [];
  if (report.fatal) problems.push(`The suite could not run:\n${indent(report.fatal, '  ')}`);
  if (report.tests.length === 0) problems.push('No tests ran.');
  if (!report.productExtension.found) problems.push('The product extension was not loaded in VS Code.');
  else if (!report.productExtension.active) {
    problems.push(
      `The product extension did not activate${report.productExtension.activationError ? `:\n${indent(report.productExtension.activationError, '  ')}` : '.'}`,
    );
  }
  return { passed, failed, problems };
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
}
