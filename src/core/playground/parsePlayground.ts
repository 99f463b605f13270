import type { Node, ParseError } from 'jsonc-parser';
import { parseTree } from 'jsonc-parser';
import { MAX_PAGE_SIZE } from '../api/limits';
import type { FieldsSpec, SortSpec } from '../api/types';
import type { JsonObject } from '../json/lossless';
import { jsonNodeValue } from './jsonNodeValue';
import { readPipeline } from './parsePipeline';
import type { ParsedPlayground, PlaygroundEntry, PlaygroundProblem, PlaygroundRequest, SourceRange } from './playgroundRequest';
import { describeSyntaxError } from './syntaxMessages';

export const QUERY_PROPERTIES = [
  'account',
  'database',
  'collection',
  'q',
  'fields',
  'sort',
  'skip',
  'limit',
  'update',
  'pipeline',
] as const;
export const UPDATE_PROPERTIES = ['criteria', 'object', 'upsert', 'multi'] as const;
/** Properties of a query that only a find uses; an update block selects with its own `criteria`. */
const FIND_ONLY_PROPERTIES = ['q', 'fields', 'sort', 'skip', 'limit'] as const;
/** What a find takes that a pipeline says in its own stages. */
const NOT_WITH_PIPELINE = ['q', 'fields', 'sort', 'skip', 'update'] as const;

interface Member {
  key: Node;
  value: Node;
}

const rangeOf = (node: Node): SourceRange => ({ offset: node.offset, length: node.length });
/** The opening brace: where a problem of the object as a whole (a missing property) is shown. */
const braceOf = (node: Node): SourceRange => ({ offset: node.offset, length: 1 });
const quoted = (name: string) => JSON.stringify(name);

/**
 * Reads a `.query.json` playground: JSON with comments and trailing commas holding one query or an
 * array of them. Every problem comes with its place in the text; a query with problems has no request.
 */
export function parsePlayground(text: string): ParsedPlayground {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  const fileProblems: PlaygroundProblem[] = errors.map((error) => ({
    message: describeSyntaxError(error.error),
    range: { offset: error.offset, length: error.length },
  }));
  if (!root) {
    if (fileProblems.length === 0) {
      fileProblems.push({
        message: 'The playground is empty: write a query such as {"database": "shop", "collection": "orders"}',
        range: { offset: 0, length: 0 },
      });
    }
    return { entries: [], fileProblems };
  }
  if (root.type === 'object') return { entries: [readQuery(root, 0, text)], fileProblems };
  if (root.type !== 'array') {
    fileProblems.push({ message: 'A playground holds a query object or an array of query objects', range: rangeOf(root) });
    return { entries: [], fileProblems };
  }
  const entries: PlaygroundEntry[] = [];
  (root.children ?? []).forEach((child, index) => {
    if (child.type === 'object') entries.push(readQuery(child, index, text));
    else
      fileProblems.push({
        message: 'Each element of the array must be a query object: {"database": …, "collection": …}',
        range: rangeOf(child),
      });
  });
  return { entries, fileProblems };
}

function membersOf(node: Node, allowed: readonly string[], where: string, problems: PlaygroundProblem[]): Map<string, Member> {
  const members = new Map<string, Member>();
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (!key || !value) continue;
    const name = key.value as string;
    if (members.has(name)) {
      problems.push({ message: `${quoted(name)} is given twice ${where}`, range: rangeOf(key) });
    } else if (!allowed.includes(name)) {
      problems.push({
        message: `Unknown property ${quoted(name)} ${where}: expected one of ${allowed.map(quoted).join(', ')}`,
        range: rangeOf(key),
      });
    } else {
      members.set(name, { key, value });
    }
  }
  return members;
}

function readQuery(node: Node, index: number, text: string): PlaygroundEntry {
  const problems: PlaygroundProblem[] = [];
  const members = membersOf(node, QUERY_PROPERTIES, 'in a query', problems);
  const problem = (message: string, at: Node) => problems.push({ message, range: rangeOf(at) });
  const value = (name: string) => members.get(name)?.value;

  const requiredName = (name: 'database' | 'collection', meaning: string): string | undefined => {
    const found = value(name);
    if (!found) {
      problems.push({ message: `Missing ${quoted(name)}: ${meaning}`, range: braceOf(node) });
      return undefined;
    }
    if (found.type !== 'string' || (found.value as string).trim() === '') {
      problem(`${quoted(name)} must be a non-empty string: ${meaning}`, found);
      return undefined;
    }
    return found.value as string;
  };
  const database = requiredName('database', 'the name of the database to query');
  const collection = requiredName('collection', 'the name of the collection to query');

  let account: string | undefined;
  const accountNode = value('account');
  if (accountNode) {
    if (accountNode.type === 'string' && (accountNode.value as string).trim() !== '') account = accountNode.value as string;
    else problem('"account" must be the label of one of your DB Host accounts', accountNode);
  }

  const updateNode = value('update');
  const pipelineNode = value('pipeline');
  let request: PlaygroundRequest | undefined;
  let stageRanges: SourceRange[] | undefined;
  if (pipelineNode) {
    for (const name of NOT_WITH_PIPELINE) {
      const member = members.get(name);
      if (member)
        problem(
          `${quoted(name)} does not go with "pipeline": say it with a stage ($match, $project, $sort, $skip) and remove ${quoted(name)}`,
          member.key,
        );
    }
    const read = readPipeline(pipelineNode, text, database, problems);
    stageRanges = read.stageRanges;
    const { limit } = readFindParameters(members, text, problems);
    if (read.pipeline && database !== undefined && collection !== undefined)
      request = { kind: 'aggregate', database, collection, pipeline: read.pipeline, ...(limit === undefined ? {} : { limit }) };
  } else if (updateNode) {
    for (const name of FIND_ONLY_PROPERTIES) {
      const member = members.get(name);
      if (member)
        problem(
          `${quoted(name)} does not apply to an update block: the update selects documents with "criteria"; remove ${quoted(name)}`,
          member.key,
        );
    }
    const update = readUpdate(updateNode, text, problems);
    if (update && database !== undefined && collection !== undefined) request = { kind: 'update', database, collection, update };
  } else {
    const query = readFindParameters(members, text, problems);
    if (database !== undefined && collection !== undefined) request = { kind: 'find', database, collection, query };
  }
  if (request && account !== undefined) request.account = account;

  const anchor = value('update') ?? value('q') ?? pipelineNode;
  return {
    index,
    range: rangeOf(node),
    errorAnchor: anchor ? rangeOf(anchor) : braceOf(node),
    ...(stageRanges ? { stageRanges } : {}),
    ...(accountNode ? { accountRange: rangeOf(accountNode) } : {}),
    ...(problems.length === 0 && request ? { request } : {}),
    problems,
  };
}

function readFindParameters(members: Map<string, Member>, text: string, problems: PlaygroundProblem[]) {
  const problem = (message: string, at: Node) => problems.push({ message, range: rangeOf(at) });
  const query: { q?: JsonObject; fields?: FieldsSpec; sort?: SortSpec; skip?: number; limit?: number } = {};

  const q = members.get('q')?.value;
  if (q) {
    if (q.type === 'object') query.q = jsonNodeValue(q, text) as JsonObject;
    else problem('"q" must be an object selecting documents, e.g. {"status": "active"}', q);
  }

  const fields = members.get('fields')?.value;
  if (fields) {
    const read = readFields(fields, problems);
    if (read) query.fields = read;
  }

  const sort = members.get('sort')?.value;
  if (sort) {
    if (sort.type !== 'object') {
      problem('"sort" must be an object of field: 1 (ascending) or -1 (descending)', sort);
    } else {
      const spec: SortSpec = {};
      let valid = true;
      for (const property of sort.children ?? []) {
        const [key, direction] = property.children ?? [];
        if (!key || !direction) continue;
        if (direction.type !== 'number' || (direction.value !== 1 && direction.value !== -1)) {
          problem('A sort direction is 1 (ascending) or -1 (descending)', direction);
          valid = false;
        } else {
          spec[key.value as string] = direction.value as 1 | -1;
        }
      }
      if (valid) query.sort = spec;
    }
  }

  const skip = members.get('skip')?.value;
  if (skip) {
    if (skip.type === 'number' && Number.isSafeInteger(skip.value) && (skip.value as number) >= 0) query.skip = skip.value as number;
    else problem('"skip" must be a whole number, 0 or more: how many matching documents to pass over', skip);
  }

  const limit = members.get('limit')?.value;
  if (limit) {
    if (
      limit.type === 'number' &&
      Number.isInteger(limit.value) &&
      (limit.value as number) >= 1 &&
      (limit.value as number) <= MAX_PAGE_SIZE
    )
      query.limit = limit.value as number;
    else
      problem(
        `"limit" must be a whole number from 1 to ${MAX_PAGE_SIZE}: the service returns at most ${MAX_PAGE_SIZE} documents at a time`,
        limit,
      );
  }
  return query;
}

function readFields(node: Node, problems: PlaygroundProblem[]): FieldsSpec | undefined {
  const problem = (message: string, at: Node) => problems.push({ message, range: rangeOf(at) });
  if (node.type === 'array') {
    const names: string[] = [];
    for (const item of node.children ?? []) {
      if (item.type === 'string' && (item.value as string) !== '') names.push(item.value as string);
      else problem('Each entry of "fields" must be a field name (a non-empty string)', item);
    }
    return names.length === (node.children ?? []).length ? names : undefined;
  }
  if (node.type === 'object') {
    const spec: Record<string, 0 | 1> = {};
    let valid = true;
    for (const property of node.children ?? []) {
      const [key, flag] = property.children ?? [];
      if (!key || !flag) continue;
      if (flag.type !== 'number' || (flag.value !== 0 && flag.value !== 1)) {
        problem('A value in "fields" is 1 (return the field) or 0 (leave it out)', flag);
        valid = false;
      } else {
        spec[key.value as string] = flag.value as 0 | 1;
      }
    }
    return valid ? spec : undefined;
  }
  problem('"fields" must be an array of field names or an object of field: 1 or 0', node);
  return undefined;
}

function readUpdate(node: Node, text: string, problems: PlaygroundProblem[]) {
  const problem = (message: string, at: Node) => problems.push({ message, range: rangeOf(at) });
  if (node.type !== 'object') {
    problem('"update" must be an object: {"criteria": {…}, "object": {"$set": {…}}, "multi": true}', node);
    return undefined;
  }
  const members = membersOf(node, UPDATE_PROPERTIES, 'in an update block', problems);
  const before = problems.length;

  const requiredObject = (name: 'criteria' | 'object', meaning: string): JsonObject | undefined => {
    const found = members.get(name)?.value;
    if (!found) {
      problems.push({ message: `Missing ${quoted(name)} in the update block: ${meaning}`, range: braceOf(node) });
      return undefined;
    }
    if (found.type !== 'object') {
      problem(`${quoted(name)} must be an object: ${meaning}`, found);
      return undefined;
    }
    return jsonNodeValue(found, text) as JsonObject;
  };
  const criteria = requiredObject('criteria', 'it selects the documents to update ({} selects all)');
  const object = requiredObject('object', 'the update, e.g. {"$set": {"status": "done"}}');
  const objectNode = members.get('object')?.value;
  if (object && objectNode && Object.keys(object).length === 0) {
    problem('"object" is empty: it would replace each matching document with an empty one. Use e.g. {"$set": {…}}', objectNode);
  }

  const flag = (name: 'upsert' | 'multi', meaning: string): boolean | undefined => {
    const found = members.get(name)?.value;
    if (!found) return undefined;
    if (found.type !== 'boolean') {
      problem(`${quoted(name)} must be true or false: ${meaning}`, found);
      return undefined;
    }
    return found.value as boolean;
  };
  const upsert = flag('upsert', 'whether to insert one document when none matches');
  const multi = flag('multi', 'whether to update every matching document (false: only one)');

  if (problems.length > before || !criteria || !object) return undefined;
  return { criteria, object, ...(upsert !== undefined ? { upsert } : {}), ...(multi !== undefined ? { multi } : {}) };
}
