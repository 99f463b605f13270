import type { ResourceTarget } from '../base/resourceTarget';
import { hasTarget } from '../base/resourceTarget';
import { required } from '../commands/registerCommand';
import type { Services } from '../services';

export interface CollectionTarget extends ResourceTarget {
  db: string;
  col: string;
}

function targetOf(arg: unknown): Partial<ResourceTarget> {
  if (hasTarget(arg)) return arg.target;
  if (typeof arg === 'object' && arg !== null && typeof (arg as ResourceTarget).accountId === 'string') return arg as ResourceTarget;
  return {};
}

/**
 * The collection a command acts on: the tree node's or the one given by the caller, with whatever is
 * missing (from the palette: everything) asked for in turn.
 */
export async function resolveCollectionTarget(services: Services, arg: unknown, title: string): Promise<CollectionTarget> {
  const given = targetOf(arg);
  const accountId = given.accountId ?? (await pickAccount(services, title));
  const client = await services.accounts.clientFor(accountId);
  const db =
    given.db ??
    required(
      await services.prompts.pick(
        (await client.listDatabases()).map((database) => ({ label: database.name, description: database.plan ?? database.slug, value: database.name })),
        { title: `${title}: database`, placeHolder: 'Pick the database' },
      ),
    );
  const col =
    given.col ??
    required(
      await services.prompts.pick(
        (await client.listCollections(db)).map((collection) => ({
          label: collection.name,
          description: collection.count === undefined ? undefined : `${collection.count.toLocaleString('en-US')} documents`,
          value: collection.name,
        })),
        { title: `${title}: collection of ${db}`, placeHolder: 'Pick the collection' },
      ),
    );
  return { accountId, db, col };
}

async function pickAccount(services: Services, title: string): Promise<string> {
  const accounts = services.accounts.list();
  if (accounts.length === 0) throw new Error('Add a DB Host account first.');
  if (accounts.length === 1) return accounts[0].id;
  return required(
    await services.prompts.pick(
      accounts.map((account) => ({ label: account.label, description: account.baseUrl, value: account.id })),
      { title: `${title}: account`, placeHolder: 'Pick the account' },
    ),
  );
}
