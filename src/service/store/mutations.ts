import type { Doc, Value } from '../bson/extendedJson';
import { fromExtendedJson, isPlainObject, stringifyExtended } from '../bson/extendedJson';

export interface IndexSpec {
  name: string;
  key: Record<string, number | string>;
  unique?: boolean;
  background?: boolean;
  dropDups?: boolean;
  min?: number;
  max?: number;
}

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
  | { op: 'createCollection'; db: string; name: string }
  | { op: 'dropCollection'; db: string; name: string }
  | { op: 'renameCollection'; db: string; name: string; to: string }
  | { op: 'createIndex'; db: string; col: string; index: IndexSpec }
  | { op: 'dropIndex'; db: string; col: string; name: string }
  | { op: 'put'; db: string; col: string; doc: Doc }
  | { op: 'delete'; db: string; col: string; id: Value }
  | { op: 'setInvoices'; invoices: Invoice[] };

/** Mutations as journal JSON: documents and ids in extended JSON. */
export function stringifyMutations(mutations: Mutation[], header: Record<string, unknown>): string {
  return stringifyExtended({ ...header, m: mutations });
}

export function deserializeMutation(raw: unknown): Mutation {
  if (!isPlainObject(raw) || typeof raw.op !== 'string') throw new Error('not a mutation');
  if (raw.op === 'put') return { ...(raw as unknown as Mutation & { op: 'put' }), doc: fromExtendedJson(raw.doc, 'stored document') as Doc };
  if (raw.op === 'delete') return { ...(raw as unknown as Mutation & { op: 'delete' }), id: fromExtendedJson(raw.id, 'stored _id') };
  return raw as unknown as Mutation;
}
