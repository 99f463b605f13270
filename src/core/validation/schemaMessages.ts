import type { Bound } from './schemaNode';

const NUMERIC_KINDS = new Set(['int', 'long', 'double', 'decimal']);

export const isNumericKind = (kind: string): boolean => NUMERIC_KINDS.has(kind);

/** Whether a value of BSON type `kind` is of the named type (`bsonType` or JSON Schema `type`). */
export function typeMatches(name: string, kind: string, keyword: 'bsonType' | 'type'): boolean {
  if (name === 'number') return isNumericKind(kind);
  // JSON cannot tell 5 from 5.0, so a double field accepts an integer; int and long need whole numbers.
  if (name === 'double') return isNumericKind(kind) && kind !== 'decimal';
  if (name === 'long') return kind === 'long' || kind === 'int';
  if (keyword === 'type' && name === 'boolean') return kind === 'bool';
  return name === kind;
}

const VOWEL = /^[aeiou]/i;

/** A type name with its article: `a number`, `an int`, `null`. */
export function typeLabel(name: string): string {
  if (name === 'null' || name === 'undefined') return name;
  return `${VOWEL.test(name) ? 'an' : 'a'} ${name}`;
}

/** `a number`, `a string or null`, `an int, a long or a double`. */
export function typeList(names: string[]): string {
  const labels = names.map(typeLabel);
  return labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
}

const MAX_PREVIEW = 60;

/** A short text of a value for a message: JSON (bigints as digits), cut at {@link MAX_PREVIEW} characters. */
export function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_PREVIEW ? `${text.slice(0, MAX_PREVIEW)}…` : text;
}

/** What was found, for a type violation: `found a string "12"`, `found an array`. */
export function foundText(kind: string, value: unknown): string {
  if (kind === 'object' || kind === 'array') return `found ${typeLabel(kind)}`;
  if (kind === 'null' || kind === 'undefined') return `found ${kind}`;
  return `found ${typeLabel(kind)} ${preview(value)}`;
}

export const boundText = (bound: Bound, below: boolean): string =>
  `${below ? (bound.exclusive ? '>' : '≥') : bound.exclusive ? '<' : '≤'} ${bound.value}`;

export const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;
