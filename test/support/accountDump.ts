import type { DbHostApi } from '../../src/core/api/types';
import { stringifyLossless } from '../../src/core/json/lossless';
import type { JsonValue } from '../../src/core/json/lossless';

const PAGE = 100;

/**
 * Everything an account holds, read through the client: databases, their collections, every document
 * (in the service's order) and every index, plus invoices and deployments. The text is what tests compare.
 */
export async function dumpAccount(api: DbHostApi): Promise<string> {
  const databases = await api.listDatabases();
  const dump: Record<string, unknown> = { databases: [] };
  for (const database of [...databases].sort((a, b) => a.name.localeCompare(b.name))) {
    const collections = await api.listCollections(database.name);
    const contents: Record<string, unknown> = {};
    for (const collection of [...collections].sort((a, b) => a.name.localeCompare(b.name))) {
      const documents: JsonValue[] = [];
      for (let skip = 0; ; skip += PAGE) {
        const page = await api.listDocuments(database.name, collection.name, { skip, limit: PAGE });
        documents.push(...page.documents);
        if (page.documents.length < PAGE) break;
      }
      // An index's usage counts queries since the service started: not data, so a restart may change it.
      const indexes = (await api.listIndexes(database.name, collection.name)).map((index) => {
        const { accesses: _accesses, ...stored } = index as typeof index & { accesses?: unknown };
        return stored;
      });
      contents[collection.name] = { record: collection, documents, indexes };
    }
    (dump.databases as unknown[]).push({ record: database, collections: contents });
  }
  dump.invoices = await api.listInvoices();
  dump.deployments = await api.listDeployments();
  return stringifyLossless(dump as JsonValue);
}
