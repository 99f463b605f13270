import { conflict } from '../errors';
import { requireString } from '../http/params';
import type { Handler } from '../http/types';
import { OK } from '../http/types';
import { checkCollectionName } from '../names';
import { collectionListItem, collectionStats } from '../stats';
import { elapsed, requireCollection, requireDatabase } from './lookup';
import { rulesStatistics } from './collectionRules';

export const listCollections: Handler = ({ account, params }) => {
  const database = requireDatabase(account, params.db);
  return { body: [...database.collections].map(([name, data]) => collectionListItem(name, data)) };
};

export const createCollection: Handler = ({ account, params, body, thread }) => {
  const startedAt = performance.now();
  const database = requireDatabase(account, params.db);
  const name = requireString(body, 'name');
  checkCollectionName(database.name, name);
  if (database.collections.has(name)) throw conflict(`Collection "${name}" already exists in database "${database.name}"`);
  account.store.commit([{ op: 'createCollection', db: database.name, name }], true);
  account.logOperation(
    database.name,
    thread,
    `command ${database.name}.$cmd command: { create: ${JSON.stringify(name)} } ${elapsed(startedAt)}`,
    true,
  );
  return OK;
};

export const getCollectionStats: Handler = ({ account, params }) => {
  const data = requireCollection(account, params.db, params.col);
  return { body: { ...collectionStats(params.db, params.col, data), ...rulesStatistics(data) } };
};

export const renameCollection: Handler = ({ account, params, body, thread }) => {
  const startedAt = performance.now();
  requireCollection(account, params.db, params.col);
  const to = requireString(body, 'name');
  checkCollectionName(params.db, to);
  if (account.state.collection(params.db, to)) throw conflict(`Collection "${to}" already exists in database "${params.db}"`);
  account.store.commit([{ op: 'renameCollection', db: params.db, name: params.col, to }], true);
  account.logOperation(
    params.db,
    thread,
    `command admin.$cmd command: { renameCollection: ${JSON.stringify(`${params.db}.${params.col}`)}, to: ${JSON.stringify(`${params.db}.${to}`)} } ${elapsed(startedAt)}`,
    true,
  );
  return OK;
};

export const deleteCollection: Handler = ({ account, params, thread }) => {
  const startedAt = performance.now();
  requireCollection(account, params.db, params.col);
  account.store.commit([{ op: 'dropCollection', db: params.db, name: params.col }], true);
  account.logOperation(
    params.db,
    thread,
    `command ${params.db}.$cmd command: { drop: ${JSON.stringify(params.col)} } ${elapsed(startedAt)}`,
    true,
  );
  return OK;
};
