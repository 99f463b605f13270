import * as fs from 'node:fs';

/**
 * Written by the driving script for one run, read by the suite inside the extension host. It holds the local
 * services' keys, so it lives in a private temporary folder that is deleted after the run; never a setting, never logged.
 */
export interface IntegrationTestConfig {
  reportPath: string;
  /** The project's folder, whose node_modules hold mocha (the suite runs from a copy inside the product's folder). */
  projectRoot: string;
  /** The project's test-results folder, for figures a run records (the product under test is a copy elsewhere). */
  resultsDir: string;
  /** Runs only the tests whose full title matches (mocha's grep), e.g. for `npm run bench`. */
  grep?: string;
  /** The VS Code logs folder of this run: the product's own log is a file in it, as Output > DB Host shows it. */
  logsDir: string;
  services: {
    /** The local service with its demo data. */
    demo: ServiceEndpoint;
    /** The local service started with `--empty`. */
    empty: ServiceEndpoint;
  };
}

export interface ServiceEndpoint {
  url: string;
  apiKey: string;
}

export const testConfigVariable = 'DBHOST_TEST_CONFIG';

export function readTestConfig(): IntegrationTestConfig {
  const file = process.env[testConfigVariable];
  if (!file) throw new Error(`${testConfigVariable} is not set: run the suite with npm run test:integration`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as IntegrationTestConfig;
}
