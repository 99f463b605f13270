import type { JsonObject } from '../json/lossless';
import { isJsonObject } from '../json/lossless';
import type { ValidationAction, ValidationLevel } from '../validation/rulesTypes';
import { VALIDATION_ACTIONS, VALIDATION_LEVELS } from '../validation/rulesTypes';

/** A collection's validation rules as the service shows them in its statistics (issue 33: beyond the original). */
export interface CollectionRules {
  validator: JsonObject;
  validationLevel: ValidationLevel;
  validationAction: ValidationAction;
}

/** What `PUT …/collections/<col>` sets: the validator (`{}` removes the rules), and the level or action; each left out keeps what is set. */
export interface CollectionRulesUpdate {
  validator?: JsonObject;
  validationLevel?: ValidationLevel;
  validationAction?: ValidationAction;
}

/** The rules in a collection's statistics, or undefined when it shows none (no rules, or a service without them). */
export function collectionRulesOf(stats: JsonObject): CollectionRules | undefined {
  const { validator, validationLevel, validationAction } = stats;
  if (!isJsonObject(validator)) return undefined;
  return {
    validator,
    validationLevel: VALIDATION_LEVELS.includes(validationLevel as ValidationLevel) ? (validationLevel as ValidationLevel) : 'strict',
    validationAction: VALIDATION_ACTIONS.includes(validationAction as ValidationAction) ? (validationAction as ValidationAction) : 'error',
  };
}
