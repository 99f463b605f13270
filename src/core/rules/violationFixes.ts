import type { FormattingOptions } from 'jsonc-parser';
import { findNodeAtLocation, modify } from 'jsonc-parser';
import type { Violation } from '../validation/rulesTypes';
import { documentTree, segmentsOf } from './violationPlaces';

/** One replacement in a document's text. */
export interface TextEdit {
  offset: number;
  length: number;
  content: string;
}

/** A quick fix of one violation: its title and the edits that make it. */
export interface RulesFix {
  title: string;
  edits: TextEdit[];
}

const NUMERIC = new Set(['number', 'int', 'long', 'double', 'decimal']);
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const INTEGER = /^-?(0|[1-9]\d*)$/;
const FORMAT: FormattingOptions = { insertSpaces: true, tabSize: 2, eol: '\n' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The part of a `$jsonSchema` at a checker's dotted rule path, through own members only. */
function schemaAt(validator: Record<string, unknown>, rule: string): unknown {
  let current: unknown = validator.$jsonSchema;
  if (rule === '') return current;
  for (const segment of rule.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)];
    else if (isRecord(current) && Object.prototype.hasOwnProperty.call(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

/** The type names a `bsonType` or `type` rule lists. */
function typeNames(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
}

/** A value of the first type a field's schema names, as JSON text; undefined where no value stands for the type. */
function placeholderFor(schema: unknown, now: Date): string | undefined {
  const names = isRecord(schema) ? typeNames(schema.bsonType ?? schema.type) : [];
  const name = names[0];
  if (name === undefined || name === 'null') return 'null';
  if (name === 'string') return '""';
  if (NUMERIC.has(name)) return '0';
  if (name === 'bool' || name === 'boolean') return 'false';
  if (name === 'object') return '{}';
  if (name === 'array') return '[]';
  if (name === 'date') return JSON.stringify({ $date: now.toISOString() });
  return undefined;
}

/** "12" where a number is required: the number; 12 where a string is: "12". */
function typeFixes(text: string, violation: Violation, validator: Record<string, unknown>): RulesFix[] {
  const root = documentTree(text);
  const node = root && findNodeAtLocation(root, segmentsOf(root, violation.path));
  if (!node) return [];
  const names = typeNames(schemaAt(validator, violation.rule));
  const source = text.slice(node.offset, node.offset + node.length);
  if (node.type === 'string' && typeof node.value === 'string' && names.some((name) => NUMERIC.has(name))) {
    const wholeOnly = names.every((name) => name === 'int' || name === 'long');
    if (!JSON_NUMBER.test(node.value) || (wholeOnly && !INTEGER.test(node.value))) return [];
    return [{ title: `Convert ${source} to ${node.value}`, edits: [{ offset: node.offset, length: node.length, content: node.value }] }];
  }
  if (node.type === 'number' && names.includes('string')) {
    const quoted = JSON.stringify(source);
    return [{ title: `Convert ${source} to ${quoted}`, edits: [{ offset: node.offset, length: node.length, content: quoted }] }];
  }
  return [];
}

/** A missing required field: added with a value of the type its schema names. */
function requiredFixes(text: string, violation: Violation, validator: Record<string, unknown>, now: Date): RulesFix[] {
  const root = documentTree(text);
  if (!root || violation.path === '') return [];
  const objectRule = violation.rule.slice(0, -'required'.length).replace(/\.$/, '');
  const name = violation.path.split('.').pop() as string;
  const fieldRule = objectRule === '' ? `properties.${name}` : `${objectRule}.properties.${name}`;
  const placeholder = placeholderFor(schemaAt(validator, fieldRule), now);
  if (placeholder === undefined) return [];
  const edits = modify(text, segmentsOf(root, violation.path), JSON.parse(placeholder), { formattingOptions: FORMAT });
  return edits.length === 0 ? [] : [{ title: `Add "${name}": ${placeholder}`, edits }];
}

/** The obvious fixes of a violation in a document's text: convert a number written as a string, add a required field. */
export function violationFixes(text: string, violation: Violation, validator: Record<string, unknown>, now = new Date()): RulesFix[] {
  if (violation.kind !== 'schema') return [];
  const keyword = violation.rule.split('.').pop();
  if (keyword === 'bsonType' || keyword === 'type') return typeFixes(text, violation, validator);
  if (keyword === 'required') return requiredFixes(text, violation, validator, now);
  return [];
}
