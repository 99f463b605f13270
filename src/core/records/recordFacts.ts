import { LosslessNumber, isJsonObject, stringifyLossless } from '../json/lossless';
import { formatCount } from '../text/formatCount';

/** One line of a tooltip: what it is and its value, in words. */
export interface Fact {
  label: string;
  value: string;
}

export type RecordKind = 'deployment' | 'database' | 'collection' | 'index' | 'invoice' | 'plan';

type Format = (value: unknown) => string | undefined;

interface FactSpec {
  field: string;
  label: string;
  format?: Format;
}

const money: Format = (value) => {
  const amount = numeric(value);
  return amount === undefined ? undefined : `$${amount.toFixed(2)}`;
};
const price: Format = (value) => {
  const amount = numeric(value);
  if (amount === undefined) return undefined;
  return amount === 0 ? 'free' : `$${Number.isInteger(amount) ? amount : amount.toFixed(2)} a month`;
};
const count: Format = (value) => {
  const amount = numeric(value);
  return amount === undefined ? undefined : formatCount(amount);
};
const bytes: Format = (value) => {
  const amount = numeric(value);
  if (amount === undefined) return undefined;
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let scaled = amount;
  let unit = 0;
  while (scaled >= 1024 && unit < units.length - 1) {
    scaled /= 1024;
    unit++;
  }
  return unit === 0 ? `${formatCount(amount)} bytes` : `${scaled.toFixed(1)} ${units[unit]}`;
};
const paid: Format = (value) => (value === true ? 'paid' : value === false ? 'unpaid' : undefined);
const yesNo: Format = (value) => (value === true ? 'yes' : value === false ? 'no' : undefined);

/** The fields a person looks for first, in the order they read them; the others follow under their own names. */
const SPECS: Record<RecordKind, FactSpec[]> = {
  deployment: [
    { field: 'plan', label: 'Plan' },
    { field: 'type', label: 'Type' },
    { field: 'status', label: 'Status' },
    { field: 'members', label: 'Members' },
    { field: 'databases', label: 'Databases' },
  ],
  database: [
    { field: 'plan', label: 'Plan' },
    { field: 'hostname', label: 'Host' },
    { field: 'port', label: 'Port' },
    { field: 'shared', label: 'Shared server', format: yesNo },
  ],
  collection: [
    { field: 'count', label: 'Documents', format: count },
    { field: 'storageSize', label: 'Storage', format: bytes },
    { field: 'avgObjSize', label: 'Average document', format: bytes },
    { field: 'indexCount', label: 'Indexes', format: count },
  ],
  index: [
    { field: 'key', label: 'Key' },
    { field: 'unique', label: 'Unique', format: yesNo },
    { field: 'sparse', label: 'Sparse', format: yesNo },
    { field: 'dropDups', label: 'Dropped duplicates when built', format: yesNo },
    { field: 'background', label: 'Built in the background', format: yesNo },
  ],
  invoice: [
    { field: 'bill_date', label: 'Billed on' },
    { field: 'amount', label: 'Amount', format: money },
    { field: 'balance', label: 'Balance', format: money },
    { field: 'is_paid', label: 'Status', format: paid },
  ],
  plan: [
    { field: 'price', label: 'Price', format: price },
    { field: 'type', label: 'Type' },
    { field: 'shared', label: 'Shared server', format: yesNo },
  ],
};

/** Fields that name the record (its title) or repeat another fact. */
const TITLE_FIELDS: Record<RecordKind, string[]> = {
  deployment: ['name', 'slug'],
  database: ['name', 'slug'],
  collection: ['name', 'ok'],
  index: ['name', 'spec', 'ns', 'v'],
  invoice: ['id', 'items'],
  plan: ['name', 'slug'],
};

const MAX_VALUE_LENGTH = 120;

/**
 * What a tooltip says about a record the service sent: the known fields first, in words, then any other
 * field the service added, under its own name. Empty values are left out; a value too long is cut.
 */
export function recordFacts(kind: RecordKind, record: unknown): Fact[] {
  if (typeof record !== 'object' || record === null) return [];
  const fields = record as Record<string, unknown>;
  const facts: Fact[] = [];
  const used = new Set(TITLE_FIELDS[kind]);
  for (const spec of SPECS[kind]) {
    used.add(spec.field);
    const value = (spec.format ?? plainValue)(fields[spec.field]);
    if (value !== undefined) facts.push({ label: spec.label, value: cut(value) });
  }
  for (const [field, raw] of Object.entries(fields)) {
    if (used.has(field)) continue;
    const value = plainValue(raw);
    if (value !== undefined) facts.push({ label: field, value: cut(value) });
  }
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
export function factsMarkdown(title: string, facts: readonly Fact[], note?: string): string {
  const lines = [`**${escapeMarkdown(title)}**`, ...facts.map((fact) => `${escapeMarkdown(fact.label)}: ${escapeMarkdown(fact.value)}`)];
  if (note) lines.push(`_${escapeMarkdown(note)}_`);
  // Two trailing spaces end a Markdown line without starting a paragraph.
  return lines.join('  \n');
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

function cut(text: string): string {
  return text.length <= MAX_VALUE_LENGTH ? text : `${text.slice(0, MAX_VALUE_LENGTH - 1)}…`;
}
