import type { Doc, Value } from '../bson/extendedJson';
import { fromExtendedJson, isPlainObject, MAX_DEPTH } from '../bson/extendedJson';
import { stringifyStored } from '../bson/plainJson';
import type { IndexSpec } from '../query/indexes/indexSpec';
import type { ValidationAction, ValidationLevel } from '../../core/validation/rulesTypes';
import { VALIDATION_ACTIONS, VALIDATION_LEVELS } from '../../core/validation/rulesTypes';

export interface Invoice {
  id: number;
  amount: number;
  balance: number;
  bill_date: string;
  is_paid: boolean;
  items?: { description: string; amount: number }[];
}

/** One primitive change to an account's data; a request commits a list of them as one journal line. */
export type Mutation =
  | { op: 'createDatabase'; name: string; slug: string; created: string }
  | { op: 'dropDatabase'; name: string }
  | { op: 'setDatabasePlan'; name: string; slug: string }
  | { op: 'createCollection'; db: string; name: string }
  | { op: 'dropCollection'; db: string; name: string }
  | { op: 'renameCollection'; db: string; name: string; to: string }
  | { op: 'createIndex'; db: string; col: string; index: IndexSpec }
  | { op: 'dropIndex'; db: string; col: string; name: string }
  | { op: 'setRules'; db: string; col: string; rules: StoredRulesSettings | null }
  | { op: 'put'; db: string; col: string; doc: Doc }
  | { op: 'delete'; db: string; col: string; id: Value }
  | { op: 'setInvoices'; invoices: Invoice[] }
  | { op: 'putUser'; db: string; user: DatabaseUser }
  | { op: 'deleteUser'; db: string; name: string };

/** A collection's validation rules as the journal and PostgreSQL keep them: the validator in stored values. */
export interface StoredRulesSettings {
  validator: Doc;
  validationLevel: ValidationLevel;
  validationAction: ValidationAction;
}

/** A database user; the password only as a salted scrypt hash. */
export interface DatabaseUser {
  name: string;
  readOnly: boolean;
  salt: string;
  hash: string;
}

/**
 * Mutations as journal JSON: documents and ids in extended JSON; what JSON cannot hold exactly is refused, never written.
 * With `sizes`, each put's document is serialised on its own and its stored size kept there, so that applying the
 * line does not serialise the document again to measure it.
 */
export function stringifyMutations(mutations: Mutation[], header: Record<string, unknown>, sizes?: Map<Doc, number>): string {
  if (!sizes) return stringifyStored({ ...header, m: mutations }, 'A journal line');
  const head = stringifyStored(header, 'A journal line');
  const parts = mutations.map((mutation) => {
    if (mutation.op !== 'put') return stringifyStored(mutation, 'A journal line');
    const doc = stringifyStored(mutation.doc, 'A journal line');
    sizes.set(mutation.doc, Buffer.byteLength(doc));
    return `{"op":"put","db":${JSON.stringify(mutation.db)},"col":${JSON.stringify(mutation.col)},"doc":${doc}}`;
  });
  return `${head.length > 2 ? `${head.slice(0, -1)},` : '{'}"m":[${parts.join(',')}]}`;
}

/**
 * Whether parsed JSON is already the stored value fromExtendedJson would make of it: no field starting with `$`
 * (`$oid`, `$date` …), none named `__proto__`, not nested too deep. A walk that allocates nothing, where the
 * conversion copies every document (a million of them at start-up).
 */
function storedAsParsed(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!storedAsParsed(item, depth + 1)) return false;
    return true;
  }
  for (const key in value) {
    if (key.charCodeAt(0) === 36 || key === '__proto__') return false;
    if (!storedAsParsed((value as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

/** Rules read back from a journal line or a PostgreSQL row, checked in full. */
export function storedRulesSettings(raw: unknown): StoredRulesSettings | null {
  if (raw === null) return null;
  if (!isPlainObject(raw) || !isPlainObject(raw.validator)) throw new Error('setRules without a validator');
  const { validationLevel, validationAction } = raw;
  if (!VALIDATION_LEVELS.includes(validationLevel as ValidationLevel)) throw new Error('setRules without a known validationLevel');
  if (!VALIDATION_ACTIONS.includes(validationAction as ValidationAction)) throw new Error('setRules without a known validationAction');
  return {
    validator: fromExtendedJson(raw.validator, 'stored validator') as Doc,
    validationLevel: validationLevel as ValidationLevel,
    validationAction: validationAction as ValidationAction,
  };
}

function requireStrings(raw: Record<string, unknown>, fields: string[]): void {
  for (const field of fields) if (typeof raw[field] !== 'string') throw new Error(`${String(raw.op)} without a string "${field}"`);
}

/**
 * A journal mutation back in memory, checked in full: a line is applied only when every mutation in it
 * reads, so a damaged line is skipped whole instead of half-applied.
 */
export function deserializeMutation(raw: unknown): Mutation {
  if (!isPlainObject(raw) || typeof raw.op !== 'string') throw new Error('not a mutation');
  switch (raw.op) {
    case 'createDatabase':
      requireStrings(raw, ['name', 'slug', 'created']);
      break;
    case 'dropDatabase':
      requireStrings(raw, ['name']);
      break;
    case 'setDatabasePlan':
      requireStrings(raw, ['name', 'slug']);
      break;
    case 'createCollection':
    case 'dropCollection':
      requireStrings(raw, ['db', 'name']);
      break;
    case 'renameCollection':
      requireStrings(raw, ['db', 'name', 'to']);
      break;
    case 'createIndex':
      requireStrings(raw, ['db', 'col']);
      if (!isPlainObject(raw.index) || typeof raw.index.name !== 'string' || !isPlainObject(raw.index.key))
        throw new Error('createIndex without an index name and key');
      break;
    case 'dropIndex':
      requireStrings(raw, ['db', 'col', 'name']);
      break;
    case 'setRules':
      requireStrings(raw, ['db', 'col']);
      return { op: 'setRules', db: raw.db as string, col: raw.col as string, rules: storedRulesSettings(raw.rules) };
    case 'put': {
      requireStrings(raw, ['db', 'col']);
      const doc = storedAsParsed(raw.doc) ? (raw.doc as Doc) : fromExtendedJson(raw.doc, 'stored document');
      if (!isPlainObject(doc) || doc._id === undefined) throw new Error('put without a document that has an _id');
      return { ...(raw as unknown as Mutation & { op: 'put' }), doc: doc as Doc };
    }
    case 'delete':
      requireStrings(raw, ['db', 'col']);
      if (raw.id === undefined) throw new Error('delete without an id');
      return { ...(raw as unknown as Mutation & { op: 'delete' }), id: fromExtendedJson(raw.id, 'stored _id') };
    case 'setInvoices':
      if (!Array.isArray(raw.invoices)) throw new Error('setInvoices without a list of invoices');
      break;
    case 'putUser':
      requireStrings(raw, ['db']);
      if (
        !isPlainObject(raw.user) ||
        typeof raw.user.name !== 'string' ||
        typeof raw.user.salt !== 'string' ||
        typeof raw.user.hash !== 'string'
      )
        throw new Error('putUser without a name, salt and hash');
      break;
    case 'deleteUser':
      requireStrings(raw, ['db', 'name']);
      break;
    default:
      throw new Error(`unknown mutation "${raw.op}"`);
  }
  return raw as unknown as Mutation;
}
