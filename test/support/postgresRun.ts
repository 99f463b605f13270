// Mocha global fixtures for a run with DBHOST_TEST_STORE=postgres (`--require test/support/postgresRun.ts`):
// one throwaway PostgreSQL cluster for the whole run, which testService gives each service a fresh database of.
import type { PostgresCluster } from './postgresCluster';
import { startPostgresCluster } from './postgresCluster';
import { CLUSTER_URL_ENV, postgresRun, STORE_ENV } from './testStore';

let cluster: PostgresCluster | undefined;

export async function mochaGlobalSetup(): Promise<void> {
  if (!postgresRun())
    throw new Error(`test/support/postgresRun.ts starts PostgreSQL for ${STORE_ENV}=postgres runs; ${STORE_ENV} is not set to postgres.`);
  cluster = await startPostgresCluster();
  process.env[CLUSTER_URL_ENV] = cluster.baseUrl;
  console.log(`PostgreSQL run: every test service gets a fresh database of the cluster at ${cluster.baseUrl}`);
}

export async function mochaGlobalTeardown(): Promise<void> {
  await cluster?.remove();
  cluster = undefined;
}
