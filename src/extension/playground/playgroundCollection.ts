import type { ResourceTarget } from '../base/resourceTarget';
import { hasTarget } from '../base/resourceTarget';
import { required } from '../commands/registerCommand';
import type { Services } from '../services';

export interface PlaygroundCollection {
  accountId: string;
  db: string;
  col: string;
}

function givenTarget(arg: unknown): Partial<ResourceTarget> {
  if (hasTarget(arg)) return arg.target;
  if (typeof arg === 'object' && arg !== null && typeof (arg as ResourceTarget).accountId === 'string') return arg as ResourceTarget;
  return {};
}

/** The collection a new playground queries: the tree node's or the caller's, with anything missing asked for. */
export async function resolvePlaygroundCollection(services: Services, arg: unknown): Promise<PlaygroundCollection> {
  const title = 'New Query Playground';
  const given = givenTarget(arg);
  const accounts = services.accounts.list();
  if (!given.accountId && accounts.length === 0) throw new Error('Add a DB Host account first.');
  const accountId =
    given.accountId ??
    (accounts.length === 1
      ? accounts[0].id
      : required(
          await services.prompts.pick(
            accounts.map((account) => ({ label: account.label, description: account.baseUrl, value: account.id })),
            { title: `${title}: account`, placeHolder: 'Pick the account' },
          ),
        ));
  const client = await services.accounts.clientFor(accountId);
  const db =
    given.db ??
    required(
      await services.prompts.pick(
        (await client.listDatabases()).map((database) => ({ label: database.name, value: database.name })),
        { title: `${title}: database`, placeHolder: 'Pick the database' },
      ),
    );
  const col =
    given.col ??
    required(
      await services.prompts.pick(
        (await client.listCollections(db)).map((collection) => ({ label: collection.name, value: collection.name })),
        { title: `${title}: collection of ${db}`, placeHolder: 'Pick the collection' },
      ),
    );
  return { accountId, db, col };
}
