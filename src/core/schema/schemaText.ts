import { formatCount } from '../text/formatCount';
import type { CollectionSchema, FieldSchema, TypeShare } from './inferSchema';

/** 0.98 as "98%", 0.004 as "<1%", 0.996 as ">99%": never rounds a minority away or a majority up to all. */
export function formatShare(part: number, whole: number): string {
  if (whole <= 0 || part <= 0) return '0%';
  if (part >= whole) return '100%';
  const percent = (part / whole) * 100;
  if (percent < 1) return '<1%';
  if (percent > 99) return '>99%';
  return `${Math.round(percent)}%`;
}

/** "number 98% · string 2%": each type's share of the values seen. */
export function formatTypes(types: readonly TypeShare[]): string {
  const total = types.reduce((sum, share) => sum + share.count, 0);
  return types.map((share) => `${share.type} ${formatShare(share.count, total)}`).join(' · ');
}

/** "number 98% · string 2%", with the element types of arrays: "array 100% (of string 90% · number 10%)". */
export function describeField(field: FieldSchema): string {
  const types = formatTypes(field.types);
  return field.elementTypes && field.elementTypes.length > 0 ? `${types} (of ${formatTypes(field.elementTypes)})` : types;
}

/** "in 97% of 1,000 sampled documents". */
export function describePresence(field: FieldSchema, schema: CollectionSchema): string {
  return `in ${formatShare(field.documents, schema.sampled)} of ${formatCount(schema.sampled)} sampled documents`;
}

/** The Information message for a field name a playground uses that the sample never held. */
export function notSeenMessage(path: string, schema: CollectionSchema): string {
  return `"${path}" was not seen in ${formatCount(schema.sampled)} sampled document${schema.sampled === 1 ? '' : 's'}: check its spelling (it may still exist in documents outside the sample).`;
}

export interface SchemaReportHeader {
  accountLabel: string;
  db: string;
  col: string;
  /** All documents of the collection, when the service said. */
  total: number | undefined;
  sampledAt: Date;
}

/** The schema as a readable report: one line per field path, aligned, with its types and how often it appears. */
export function renderSchemaReport(schema: CollectionSchema, header: SchemaReportHeader): string {
  const of = header.total === undefined ? '' : ` of ${formatCount(header.total)}`;
  const lines = [
    `Schema of ${header.db}.${header.col} · account "${header.accountLabel}"`,
    `Sampled ${formatCount(schema.sampled)}${of} documents at ${header.sampledAt.toISOString().replace('T', ' ').slice(0, 19)} UTC`,
    'Types: share of the values seen at the path. Present: share of the sampled documents holding it.',
    '',
  ];
  if (schema.fields.length === 0) {
    lines.push(schema.sampled === 0 ? 'The collection holds no documents: nothing to sample.' : 'The sampled documents hold no fields.');
    return `${lines.join('\n')}\n`;
  }
  const width = Math.min(48, Math.max(...schema.fields.map((field) => field.path.length)));
  const typeTexts = schema.fields.map(describeField);
  const typeWidth = Math.min(60, Math.max(...typeTexts.map((text) => text.length)));
  schema.fields.forEach((field, index) => {
    const present = `present ${formatShare(field.documents, schema.sampled)}`;
    lines.push(`${field.path.padEnd(width)}  ${(typeTexts[index] ?? '').padEnd(typeWidth)}  ${present}`);
  });
  if (schema.truncated) lines.push('', 'Some paths were left out: the documents hold more fields, or deeper ones, than a schema keeps.');
  return `${lines.join('\n')}\n`;
}

/** How long ago a sample was taken: "just now", "5 min ago", "2 h ago", "3 days ago". */
export function formatAge(ageMs: number): string {
  const minutes = Math.floor(ageMs / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}
