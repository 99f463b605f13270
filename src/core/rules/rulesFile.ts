import type { CollectionRules, CollectionRulesUpdate } from '../api/collectionRules';
import type { JsonObject } from '../json/lossless';
import { isJsonObject, stringifyLossless } from '../json/lossless';
import { parseDocumentText } from '../documents/documentText';
import type { ValidationAction, ValidationLevel } from '../validation/rulesTypes';
import { VALIDATION_ACTIONS, VALIDATION_LEVELS } from '../validation/rulesTypes';

/** What a collection without rules opens with: an object schema with no fields named yet, strict and refusing. */
export const NEW_RULES: CollectionRules = {
  validator: { $jsonSchema: { bsonType: 'object', properties: {} } },
  validationLevel: 'strict',
  validationAction: 'error',
};

/** The members a rules file may hold. */
const MEMBERS = ['validator', 'validationLevel', 'validationAction'];

/** How a collection's rules appear in their editor: the three members, two-space indent, a final newline. */
export function rulesFileText(rules: CollectionRules): string {
  const { validator, validationLevel, validationAction } = rules;
  return `${stringifyLossless({ validator, validationLevel, validationAction }, 2)}\n`;
}

/** A rules file that cannot be saved; the message leads with the cause. */
export class RulesFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RulesFileError';
  }
}

/**
 * What saving a rules file sets: its validator, level and action, each checked for what the service would refuse
 * (the service checks the validator's schema itself and answers why). An empty validator removes the rules.
 */
export function parseRulesFile(text: string): CollectionRulesUpdate & { validator: JsonObject } {
  let file: JsonObject;
  try {
    file = parseDocumentText(text);
  } catch (error) {
    throw new RulesFileError(
      (error as Error).message.replace(/the document is|a document must be/, (found) =>
        found === 'the document is' ? 'the rules are' : 'the rules must be',
      ),
    );
  }
  const unknown = Object.keys(file).filter((key) => !MEMBERS.includes(key));
  if (unknown.length > 0)
    throw new RulesFileError(
      `Not saved: "${unknown[0]}" is not a member of a collection's rules; use "validator", "validationLevel" and "validationAction".`,
    );
  if (!isJsonObject(file.validator))
    throw new RulesFileError('Not saved: "validator" must be a JSON object, such as {"$jsonSchema": {…}}; {} removes the rules.');
  return {
    validator: file.validator,
    validationLevel: oneOf(file.validationLevel, 'validationLevel', VALIDATION_LEVELS) as ValidationLevel | undefined,
    validationAction: oneOf(file.validationAction, 'validationAction', VALIDATION_ACTIONS) as ValidationAction | undefined,
  };
}

function oneOf(value: unknown, name: string, allowed: readonly string[]): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !allowed.includes(value))
    throw new RulesFileError(`Not saved: "${name}" must be one of ${allowed.map((item) => `"${item}"`).join(', ')}.`);
  return value;
}

/** Whether a validator removes the rules when saved. */
export const removesRules = (validator: JsonObject): boolean => Object.keys(validator).length === 0;
