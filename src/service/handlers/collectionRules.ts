import { readRulesSettings } from '../../core/validation/collectionRules';
import { InvalidRulesError } from '../../core/validation/rulesTypes';
import type { Doc } from '../bson/extendedJson';
import { isPlainObject, toExtendedJson } from '../bson/extendedJson';
import { badRequest } from '../errors';
import type { Body } from '../http/params';
import { requireDocument } from '../http/params';
import type { Handler } from '../http/types';
import { OK } from '../http/types';
import type { CollectionData } from '../query/collectionData';
import { compileStoredRules } from '../query/storedRules';
import type { StoredRulesSettings } from '../store/mutations';
import { renameCollection } from './collections';
import { elapsed, logValue, requireCollection } from './lookup';

const RULES_MEMBERS = ['validator', 'validationLevel', 'validationAction'];

const setsRules = (body: Body): boolean => RULES_MEMBERS.some((member) => body[member] !== undefined);

/** A validator that removes the rules: `null` or `{}`. */
const removesRules = (body: Body): boolean =>
  body.validator === null || (isPlainObject(body.validator) && Object.keys(body.validator).length === 0);

/**
 * `PUT /databases/<db>/collections/<col>`: with `name`, renames the collection (the interface); with `validator`,
 * `validationLevel` or `validationAction`, sets its validation rules (issue 33), as the database's collMod does.
 */
export const updateCollection: Handler = (context) => {
  if (!setsRules(context.body)) return renameCollection(context);
  if (context.body.name !== undefined)
    throw badRequest(
      'Send "name" (to rename the collection) or "validator", "validationLevel" and "validationAction" (to set its rules), not both in one request',
    );
  return setCollectionRules(context);
};

/** The rules a request sets: the validator given, or the current one with a new level or action; null removes them. */
function requestedRules(body: Body, data: CollectionData, ns: string): StoredRulesSettings | null {
  if (removesRules(body)) return null;
  const current = data.rules?.settings;
  if (body.validator === undefined && !current)
    throw badRequest(`${ns} has no validator: send "validator" (such as {"$jsonSchema": {…}}) with the level or action`);
  try {
    const validator = body.validator === undefined ? current!.validator : requireDocument(body, 'validator');
    return readRulesSettings({ ...body, validator }, current) as StoredRulesSettings;
  } catch (error) {
    if (error instanceof InvalidRulesError) throw badRequest(`Invalid validator settings: ${error.message}`);
    throw error;
  }
}

const setCollectionRules: Handler = ({ account, params, body, thread }) => {
  const startedAt = performance.now();
  const data = requireCollection(account, params.db, params.col);
  const rules = requestedRules(body, data, `${params.db}.${params.col}`);
  if (rules) compileStoredRules(rules);
  account.store.commit([{ op: 'setRules', db: params.db, col: params.col, rules }], true);
  const shown = rules
    ? `validator: ${logValue(rules.validator)}, validationLevel: "${rules.validationLevel}", validationAction: "${rules.validationAction}"`
    : 'validator: {}';
  account.logOperation(
    params.db,
    thread,
    `command ${params.db}.$cmd command: { collMod: ${JSON.stringify(params.col)}, ${shown} } ${elapsed(startedAt)}`,
    true,
  );
  return OK;
};

/** The members the collection's statistics carry for its rules: none when it has none. */
export function rulesStatistics(data: CollectionData): Record<string, unknown> {
  const settings = data.rules?.settings;
  if (!settings) return {};
  return {
    validator: toExtendedJson(settings.validator) as Doc,
    validationLevel: settings.validationLevel,
    validationAction: settings.validationAction,
  };
}
