/** How strictly a collection's rules apply: every write, only writes to documents that already kept them, or none. */
export type ValidationLevel = 'strict' | 'moderate' | 'off';
/** What a write that breaks the rules does: refused, or written with a warning. */
export type ValidationAction = 'error' | 'warn';

export const VALIDATION_LEVELS: readonly ValidationLevel[] = ['strict', 'moderate', 'off'];
export const VALIDATION_ACTIONS: readonly ValidationAction[] = ['error', 'warn'];

/** One way a document breaks its collection's rules. */
export interface Violation {
  /** The document path that failed, dotted (`price`, `tags.2`); empty for the document itself. */
  path: string;
  /** The rule that failed, dotted from the top of the validator: `properties.price.minimum` inside `$jsonSchema`, `price` for a query condition. */
  rule: string;
  /** Which part of the validator the rule belongs to. */
  kind: 'schema' | 'query';
  /** The cause first, then the path: `price: must be a number ≥ 0 (found -3)`. */
  message: string;
}

/** A validator refused as a whole: what is wrong with it, and where. */
export class InvalidRulesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidRulesError';
  }
}

/** A document or schema too large or too deep to check within the limits; nothing was decided about it. */
export class RulesLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RulesLimitError';
  }
}

/** Where a violation's message names a document path: the document itself has none. */
export const describePath = (path: string): string => (path === '' ? '(document)' : path);
