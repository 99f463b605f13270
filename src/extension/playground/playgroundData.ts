import type * as vscode from 'vscode';
import type { QueryTarget } from '../../core/playground/completionPlace';
import type { Account } from '../kit/accounts/account';
import type { Services } from '../services';
import type { CachedSchema, SchemaStore } from '../kit/playground/schemaStore';
import type { PlaygroundAccounts } from './playgroundAccounts';

/** What completion, hovers and field checks learn from the service about the queries of a playground. */
export class PlaygroundData {
  constructor(
    private readonly services: Services,
    private readonly accounts: PlaygroundAccounts,
    readonly schemas: SchemaStore,
  ) {}

  /** The account a query runs against without asking: named by the query, the only one, or chosen for the file. */
  accountOf(file: vscode.Uri, target: QueryTarget): Account | undefined {
    return this.accounts.settled(file, target.account);
  }

  schemaTargetOf(file: vscode.Uri, target: QueryTarget): { accountId: string; db: string; col: string } | undefined {
    const account = this.accountOf(file, target);
    if (!account || target.database === undefined || target.collection === undefined) return undefined;
    return { accountId: account.id, db: target.database, col: target.collection };
  }

  /** The query's collection schema, sampled now if it has none yet; undefined when the query does not say which collection or account. */
  async schemaOf(file: vscode.Uri, target: QueryTarget): Promise<CachedSchema | undefined> {
    const schemaTarget = this.schemaTargetOf(file, target);
    return schemaTarget ? this.schemas.get(schemaTarget) : undefined;
  }

  async databaseNames(account: Account): Promise<string[]> {
    const client = await this.services.accounts.clientFor(account.id);
    return (await client.listDatabases()).map((record) => String(record.name));
  }

  async collectionNames(account: Account, db: string): Promise<string[]> {
    const client = await this.services.accounts.clientFor(account.id);
    return (await client.listCollections(db)).map((record) => String(record.name));
  }
}
