import type { Node, Segment } from 'jsonc-parser';
import { getLocation, parseTree } from 'jsonc-parser';
import type { SourceRange } from './playgroundRequest';
import type { PipelinePlace } from './pipelinePlace';
import { pipelinePlaceOf } from './pipelinePlace';

/** The account, database and collection a query of the file names, as far as the text says yet. */
export interface QueryTarget {
  account?: string;
  database?: string;
  collection?: string;
}

/** What can go where the cursor is. */
export type CompletionPlace =
  /** A key of a selector (`q`, `criteria`, inside `$and`…): field paths under `prefix`, logical operators; inside `$elemMatch` also field operators. */
  | { kind: 'selectorKey'; prefix: string; inElemMatch: boolean }
  /** A key of a field's condition, {"price": {…}}: operators on a value. */
  | { kind: 'fieldOperator'; field: string }
  /** A field name as a key: of `fields`, `sort`, or an update operator's object. */
  | { kind: 'fieldKey' }
  /** A field name as a string in the array form of `fields`. */
  | { kind: 'fieldValue' }
  /** A key of `update.object`. */
  | { kind: 'updateOperator' }
  | { kind: 'database' }
  | { kind: 'collection'; database?: string }
  /** Inside `"pipeline"`: stage names, operators, and the fields that reach the stage. */
  | PipelinePlace;

export interface PlaygroundPlace {
  place: CompletionPlace;
  target: QueryTarget;
  /** The text a completion replaces: the string (quotes included) or the bare word at the cursor. */
  replace: SourceRange;
  /** Whether `replace` starts at an opening quote. */
  quoted: boolean;
}

const LOGICAL = new Set(['$and', '$or', '$nor']);
const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true };

function propertyValue(object: Node | undefined, name: string): Node | undefined {
  const property = object?.children?.find((child) => child.children?.[0]?.value === name);
  return property?.children?.[1];
}

function stringProperty(object: Node, name: string): string | undefined {
  const value = propertyValue(object, name);
  return value?.type === 'string' && (value.value as string) !== '' ? (value.value as string) : undefined;
}

export function targetOf(query: Node): QueryTarget {
  const target: QueryTarget = {};
  for (const name of ['account', 'database', 'collection'] as const) {
    const value = stringProperty(query, name);
    if (value !== undefined) target[name] = value;
  }
  return target;
}

/** The query objects of a playground: the root object, or the objects of the root array. */
export function queryNodes(root: Node | undefined): Node[] {
  if (!root) return [];
  if (root.type === 'object') return [root];
  if (root.type === 'array') return (root.children ?? []).filter((child) => child.type === 'object');
  return [];
}

function selectorKey(rest: Segment[], prefix: string, inElemMatch = false): CompletionPlace | undefined {
  if (rest.length === 0) return { kind: 'selectorKey', prefix, inElemMatch };
  const [first, second] = rest;
  if (typeof first === 'string' && LOGICAL.has(first) && typeof second === 'number') return selectorKey(rest.slice(2), prefix);
  if (typeof first === 'string' && !first.startsWith('$')) return condition(rest.slice(1), `${prefix}${first}`);
  return undefined;
}

function condition(rest: Segment[], field: string): CompletionPlace | undefined {
  if (rest.length === 0) return { kind: 'fieldOperator', field };
  const [first] = rest;
  if (first === '$elemMatch') return selectorKey(rest.slice(1), `${field}.`, rest.length === 1);
  if (first === '$not') return condition(rest.slice(1), field);
  return undefined;
}

function placeOfPath(containers: Segment[], atKey: boolean, query: Node): CompletionPlace | undefined {
  const [first, second, third] = containers;
  if (!atKey) {
    if (containers.length === 1 && first === 'database') return { kind: 'database' };
    if (containers.length === 1 && first === 'collection') {
      const database = stringProperty(query, 'database');
      return database === undefined ? { kind: 'collection' } : { kind: 'collection', database };
    }
    if (containers.length === 2 && first === 'fields' && typeof second === 'number') return { kind: 'fieldValue' };
    return undefined;
  }
  if (first === 'q') return selectorKey(containers.slice(1), '');
  if ((first === 'fields' || first === 'sort') && containers.length === 1) return { kind: 'fieldKey' };
  if (first === 'update' && second === 'criteria') return selectorKey(containers.slice(2), '');
  if (first === 'update' && second === 'object') {
    if (containers.length === 2) return { kind: 'updateOperator' };
    if (containers.length === 3 && typeof third === 'string' && third.startsWith('$')) return { kind: 'fieldKey' };
  }
  return undefined;
}

const WORD = /[\w$.-]/;

/** Where the cursor is in a playground, for completion: what can go there, for which query, replacing what. */
export function placeAt(text: string, offset: number): PlaygroundPlace | undefined {
  const location = getLocation(text, offset);
  const root = parseTree(text, [], PARSE_OPTIONS);
  let path = location.path;
  let query = root?.type === 'object' ? root : undefined;
  if (root?.type === 'array') {
    const index = path[0];
    if (typeof index !== 'number') return undefined;
    query = root.children?.[index];
    path = path.slice(1);
  }
  if (!query || query.type !== 'object') return undefined;
  const atKey = location.isAtPropertyKey;
  const node = location.previousNode;
  const inString =
    node !== undefined &&
    (node.type === 'string' || node.type === 'property') &&
    offset > node.offset &&
    offset <= node.offset + node.length;
  const containers = atKey ? path.slice(0, -1) : path;
  const dollarString = inString && !atKey && text.startsWith('"$', node.offset);
  const place =
    containers[0] === 'pipeline' ? pipelinePlaceOf(containers, atKey, dollarString, query, text) : placeOfPath(containers, atKey, query);
  if (!place) return undefined;

  let replace: SourceRange;
  if (inString) {
    const raw = text.slice(node.offset, node.offset + node.length);
    const closed = raw.length >= 2 && raw.endsWith('"') && !raw.includes('\n');
    replace = { offset: node.offset, length: (closed ? node.offset + node.length : offset) - node.offset };
  } else {
    let start = offset;
    while (start > 0 && WORD.test(text[start - 1] ?? '')) start--;
    replace = { offset: start, length: offset - start };
  }
  return { place, target: targetOf(query), replace, quoted: inString };
}

/** A field name the playground uses, where it stands, and the query that uses it. */
export interface FieldReference {
  path: string;
  range: SourceRange;
  target: QueryTarget;
}

/** Every field name a playground's queries use: in selectors (through $and/$or/$nor, $elemMatch, $not), fields, sort and update operators. */
export function fieldReferences(text: string): FieldReference[] {
  const references: FieldReference[] = [];
  for (const query of queryNodes(parseTree(text, [], PARSE_OPTIONS))) {
    const target = targetOf(query);
    const add = (path: string, node: Node) => references.push({ path, range: { offset: node.offset, length: node.length }, target });

    const selector = (object: Node | undefined, prefix: string): void => {
      if (object?.type !== 'object') return;
      for (const property of object.children ?? []) {
        const [key, value] = property.children ?? [];
        const name = key?.value;
        if (!key || typeof name !== 'string' || name === '') continue;
        if (LOGICAL.has(name)) {
          for (const child of value?.type === 'array' ? (value.children ?? []) : []) selector(child, prefix);
        } else if (!name.startsWith('$')) {
          add(`${prefix}${name}`, key);
          fieldCondition(value, `${prefix}${name}`);
        }
      }
    };
    const fieldCondition = (value: Node | undefined, field: string): void => {
      if (value?.type !== 'object') return;
      for (const property of value.children ?? []) {
        const [key, operand] = property.children ?? [];
        if (key?.value === '$elemMatch') selector(operand, `${field}.`);
        else if (key?.value === '$not') fieldCondition(operand, field);
      }
    };
    const keysOf = (object: Node | undefined): void => {
      for (const property of object?.type === 'object' ? (object.children ?? []) : []) {
        const key = property.children?.[0];
        if (key && typeof key.value === 'string' && key.value !== '') add(key.value, key);
      }
    };

    selector(propertyValue(query, 'q'), '');
    const fields = propertyValue(query, 'fields');
    if (fields?.type === 'array') {
      for (const item of fields.children ?? []) if (item.type === 'string' && item.value !== '') add(item.value as string, item);
    } else {
      keysOf(fields);
    }
    keysOf(propertyValue(query, 'sort'));
    const update = propertyValue(query, 'update');
    selector(propertyValue(update, 'criteria'), '');
    const object = propertyValue(update, 'object');
    for (const property of object?.type === 'object' ? (object.children ?? []) : []) {
      const [operator, operand] = property.children ?? [];
      if (typeof operator?.value === 'string' && operator.value.startsWith('$')) keysOf(operand);
    }
  }
  return references;
}

/** The field name under the cursor, if any. */
export function fieldReferenceAt(text: string, offset: number): FieldReference | undefined {
  return fieldReferences(text).find(
    (reference) => offset >= reference.range.offset && offset <= reference.range.offset + reference.range.length,
  );
}
