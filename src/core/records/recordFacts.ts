import { LosslessNumber, isJsonObject, stringifyLossless } from '../json/lossless';
import { formatCount } from '../text/formatCount';

/** One line of a tooltip: what it is and its value, in words. */
export interface Fact {
  label: string;
  value: string;
}

export type RecordKind = 'deployment' | 'database' | 'collection' | 'index' | 'invoice' | 'plan';

type Format = (value: unknown) => string | undefined;

const amountOf = (value: unknown, text: (amount: number) => string): string | undefined => {
  const amount = numeric(value);
  return amount === undefined ? undefined : text(amount);
};
const FORMATS: Record<string, Format> = {
  $: (value) => amountOf(value, (amount) => `$${amount.toFixed(2)}`),
  p: (value) => amountOf(value, (amount) => (amount === 0 ? 'free' : `$${Number.isInteger(amount) ? amount : amount.toFixed(2)} a month`)),
  n: (value) => amountOf(value, formatCount),
  y: (value) => (value === true ? 'yes' : value === false ? 'no' : undefined),
  u: (value) => (value === true ? 'paid' : value === false ? 'unpaid' : undefined),
};

/**
 * Per kind, the fields a person looks for first, in the order they read them (`field=Label` with an
 * optional `:format` from {@link FORMATS}), then after `/` the fields that name the record or say nothing.
 * Any other field follows under its own name.
 */
const SPECS: Record<RecordKind, string> = {
  deployment: 'plan=Plan,type=Type,status=Status,members=Members,databases=Databases/name,slug',
  database: 'plan=Plan,hostname=Host,port=Port,shared=Shared server:y/name,slug',
  collection: 'count=Documents:n,storageSize=Storage (bytes):n,avgObjSize=Average document (bytes):n,indexCount=Indexes:n/name,ok',
  index:
    'key=Key,unique=Unique:y,sparse=Sparse:y,dropDups=Drop duplicates:y,background=Background:y/name,spec,ns,v,accesses,building,progress',
  invoice: 'bill_date=Billed on,amount=Amount:$,balance=Balance:$,is_paid=Status:u/id,items',
  plan: 'price=Price:p,type=Type,shared=Shared server:y/name,slug',
};

const MAX_VALUE_LENGTH = 120;

/**
 * What a tooltip says about a record the service sent: the known fields first, in words, then any other
 * field the service added, under its own name. Empty values are left out; a value too long is cut.
 */
export function recordFacts(kind: RecordKind, record: unknown): Fact[] {
  if (typeof record !== 'object' || record === null) return [];
  const fields = record as Record<string, unknown>;
  const [known, skipped] = SPECS[kind].split('/');
  const used = new Set(skipped.split(','));
  const facts: Fact[] = [];
  const add = (label: string, value: string | undefined) => {
    if (value !== undefined)
      facts.push({ label, value: value.length <= MAX_VALUE_LENGTH ? value : `${value.slice(0, MAX_VALUE_LENGTH - 1)}…` });
  };
  for (const spec of known.split(',')) {
    const [field, rest] = spec.split('=');
    const [label, format] = rest.split(':');
    used.add(field);
    add(label, (FORMATS[format] ?? plainValue)(fields[field]));
  }
  for (const [field, value] of Object.entries(fields)) if (!used.has(field)) add(field, plainValue(value));
  return facts;
}

/** A value in words: text as it is, lists joined with commas, objects as compact JSON; nothing for null or empty. */
export function plainValue(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof LosslessNumber) return value.text;
  if (Array.isArray(value)) {
    const items = value.map(plainValue).filter((item): item is string => item !== undefined);
    return items.length === 0 ? undefined : items.join(', ');
  }
  if (isJsonObject(value)) return Object.keys(value).length === 0 ? undefined : stringifyLossless(value).replace(/([,:])/g, '$1 ');
  return undefined;
}

/** The facts as Markdown: the title in bold, then one `Label: value` line each; every value is escaped. */
export function factsMarkdown(title: string, facts: readonly Fact[]): string {
  // Two trailing spaces end a Markdown line without starting a paragraph.
  return [`**${escapeMarkdown(title)}**`, ...facts.map((fact) => `${escapeMarkdown(fact.label)}: ${escapeMarkdown(fact.value)}`)].join(
    '  \n',
  );
}

export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&').replace(/\r?\n/g, ' ');
}

function numeric(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (value instanceof LosslessNumber || typeof value === 'string') {
    const text = value instanceof LosslessNumber ? value.text : value;
    const parsed = Number(text);
    return text.trim() !== '' && Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}
