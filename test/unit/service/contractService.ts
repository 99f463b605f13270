import assert from 'node:assert/strict';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import { ServiceError } from '../../../src/core/api/serviceError';
import type { JsonObject } from '../../../src/core/json/lossless';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';

// What the contract suites (contract.test.ts and the contract*.ts it runs) share: a service on the demo data with two accounts, and how they read its refusals.

export const KEY = 'contract-key-one';
export const OTHER_KEY = 'contract-key-two';

/** The local service in the test's process, each of its two accounts (`KEY`, `OTHER_KEY`) on the demo data; `client` uses `KEY`. */
export interface ContractService {
  running: InProcessService;
  client: DbHostClient;
}

export async function startContractService(): Promise<ContractService> {
  const running = await startServiceInProcess({ apiKeys: [KEY, OTHER_KEY] });
  return { running, client: running.client() };
}

export async function rejectsWith(promise: Promise<unknown>, status: number, pattern: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof ServiceError, `expected a ServiceError, got ${String(error)}`);
    assert.equal(error.status, status, `status of ${error.serviceMessage}`);
    assert.match(error.serviceMessage ?? '', pattern);
    return true;
  });
}

export const oid = (doc: JsonObject): string => (doc._id as { $oid: string }).$oid;
