import type { Account } from '../account';
import { placementOf } from '../catalog/placement';
import type { Plan } from '../catalog/plans';
import { isFree } from '../catalog/plans';
import { badRequest, conflict, forbidden } from '../errors';
import { requireString } from '../http/params';
import type { Handler } from '../http/types';
import { OK } from '../http/types';
import { checkDatabaseName } from '../names';
import { databaseStats } from '../stats';
import type { DatabaseData } from '../store/accountState';
import { elapsed, requireDatabase } from './lookup';

import { FREE_DATABASE_LIMIT } from '../../core/api/limits';

function databaseRecord(account: Account, database: DatabaseData): Record<string, unknown> {
  const plan = account.plan(database.slug);
  const placement = plan && placementOf(plan, database.name, account.tag);
  return {
    name: database.name,
    hostname: placement?.hostname ?? null,
    port: placement?.port ?? null,
    shared: placement?.shared ?? true,
    plan: plan?.name ?? database.slug,
    slug: database.slug,
  };
}

/** Why the account may not get one more database on `plan`: the free-database limit or missing payment information. */
export function planRefusal(account: Account, plan: Plan): string | undefined {
  if (isFree(plan)) {
    const free = [...account.state.databases.values()].filter((database) => isFree(account.plan(database.slug))).length;
    if (free >= FREE_DATABASE_LIMIT)
      return `The account already holds ${free} free databases, the most it may hold (${FREE_DATABASE_LIMIT}); delete one or choose a paid plan`;
  } else if (!account.hasPayment) {
    return `The plan "${plan.name}" costs ${plan.price} a month and the account has no payment information; add payment information or choose the free sandbox plan`;
  }
  return undefined;
}

export const listDatabases: Handler = ({ account }) => ({
  body: [...account.state.databases.values()].map((database) => databaseRecord(account, database)),
});

export const getDatabase: Handler = ({ account, params }) => {
  const database = requireDatabase(account, params.db);
  return { body: { ...databaseRecord(account, database), ...databaseStats(database) } };
};

export const createDatabase: Handler = ({ account, body, thread }) => {
  const startedAt = performance.now();
  const name = requireString(body, 'name');
  const slug = requireString(body, 'slug');
  checkDatabaseName(name);
  const plan = account.plan(slug);
  if (!plan) throw badRequest(`Unknown plan "${slug}"; GET /plans lists the plans a database can be created from`);
  if (account.state.databases.has(name)) throw conflict(`Database "${name}" already exists`);
  const refusal = planRefusal(account, plan);
  if (refusal) throw forbidden(refusal);
  account.store.commit([{ op: 'createDatabase', name, slug, created: new Date().toISOString() }], true);
  account.logOperation(name, thread, `[FileAllocator] allocating new database ${name} (plan ${plan.slug}) ${elapsed(startedAt)}`, true);
  return OK;
};

export const deleteDatabase: Handler = ({ account, params, thread }) => {
  const startedAt = performance.now();
  const database = requireDatabase(account, params.db);
  const deployment = account.placement(database.name)?.deployment;
  account.store.commit([{ op: 'dropDatabase', name: database.name }], true);
  account.slowQueries.forget(database.name);
  if (deployment)
    account.operations.record(
      deployment.members,
      thread,
      `command ${database.name}.$cmd command: { dropDatabase: 1 } ${elapsed(startedAt)}`,
      true,
    );
  return OK;
};
