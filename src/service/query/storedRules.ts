import type { RulesSettings } from '../../core/validation/collectionRules';
import { CompiledRules } from '../../core/validation/collectionRules';
import { InvalidRulesError } from '../../core/validation/rulesTypes';
import { createValueModel } from '../../core/validation/valueModel';
import type { Doc } from '../bson/extendedJson';
import { ObjectId } from '../bson/objectId';
import { badRequest } from '../errors';
import { compileFilter } from './engine';

/** Stored values as the rules checker sees them: the service's object ids beside JSON, Dates and int64 bigints. */
export const STORED_VALUE_MODEL = createValueModel((value) =>
  value instanceof ObjectId ? { kind: 'objectId', key: `o${value.hex}` } : undefined,
);

/** A collection's rules as stored (`validator` in stored values) and compiled, its query conditions on the service's matcher. */
export interface StoredRules {
  settings: RulesSettings & { validator: Doc };
  compiled: CompiledRules;
}

/** Compiles rules to store; an invalid validator answers 400 with what is wrong and where. */
export function compileStoredRules(settings: RulesSettings & { validator: Doc }): StoredRules {
  try {
    const compiled = CompiledRules.compile(settings.validator, {
      model: STORED_VALUE_MODEL,
      compileQuery: (condition) => compileFilter(condition as Doc) as (doc: Record<string, unknown>) => boolean,
    });
    return { settings, compiled };
  } catch (error) {
    if (error instanceof InvalidRulesError) throw badRequest(`Invalid validator: ${error.message}`);
    throw error;
  }
}
