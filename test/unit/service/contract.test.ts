import { accountsContract } from './contractAccounts';
import { billingContract } from './contractBilling';
import { collectionsContract } from './contractCollections';
import { databasesContract } from './contractDatabases';
import { documentsContract } from './contractDocuments';
import { indexesContract } from './contractIndexes';
import type { ContractService } from './contractService';
import { startContractService } from './contractService';

// One service for every resource's suite, started once (a start on PostgreSQL seeds both accounts' demo data).
describe('local service contract (real client over HTTP)', function () {
  this.timeout(30_000);
  let started: ContractService | undefined;

  // Starting is not what the suite measures: on PostgreSQL under load, seeding both accounts took longer than 30 s.
  before(async function () {
    this.timeout(120_000);
    started = await startContractService();
  });
  after(async () => started?.running.stop());

  const service = (): ContractService => {
    if (!started) throw new Error('the contract service did not start');
    return started;
  };
  databasesContract(service);
  collectionsContract(service);
  documentsContract(service);
  indexesContract(service);
  billingContract(service);
  accountsContract(service);
});
