import type { JsonObject, JsonValue } from '../json/lossless';
import { isJsonObject } from '../json/lossless';
import { fail } from './updateValues';

const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** A path's segments, refused as the service refuses them: empty names, prototype names, positional operators. */
export function pathSegments(path: string): string[] {
  const segments = path.split('.');
  if (path === '' || segments.includes(''))
    fail(`The update path ${JSON.stringify(path)} contains an empty field name, which is not allowed`);
  for (const segment of segments) {
    if (RESERVED.has(segment)) fail(`The update path names the field "${segment}", which is refused`);
    if (segment.startsWith('$'))
      fail(`The positional operator in "${path}" is computed only by a service with an update preview; this service has none`);
  }
  return segments;
}

type Container = JsonObject | JsonValue[];

const isIndex = (segment: string) => /^\d+$/.test(segment);

export function getPath(doc: JsonObject, path: string): JsonValue | undefined {
  let current: JsonValue | undefined = doc;
  for (const segment of pathSegments(path)) {
    if (Array.isArray(current) && isIndex(segment)) current = current[Number(segment)];
    else if (isJsonObject(current) && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

/** The container holding the last segment, created on the way where missing (or undefined with `create` false). */
function parentOf(doc: JsonObject, segments: string[], create: boolean, path: string): Container | undefined {
  let current: Container = doc;
  for (const [position, segment] of segments.slice(0, -1).entries()) {
    let next: JsonValue | undefined = Array.isArray(current) ? (isIndex(segment) ? current[Number(segment)] : undefined) : current[segment];
    if (Array.isArray(current) && !isIndex(segment))
      return create ? fail(`Cannot create field '${segment}' in an array (${path})`) : undefined;
    if (next === undefined || next === null) {
      if (!create) return undefined;
      if (next === null) fail(`Cannot create field '${segments[position + 1]}' in element {${segment}: null}`);
      next = {};
      setIn(current, segment, next);
    }
    if (!Array.isArray(next) && !isJsonObject(next))
      return create ? fail(`Cannot create field '${segments[position + 1]}' in element {${segment}: ${JSON.stringify(next)}}`) : undefined;
    current = next;
  }
  return current;
}

function setIn(container: Container, segment: string, value: JsonValue): void {
  if (Array.isArray(container)) {
    const index = Number(segment);
    while (container.length < index) container.push(null);
    container[index] = value;
  } else container[segment] = value;
}

export function setPath(doc: JsonObject, path: string, value: JsonValue): void {
  const segments = pathSegments(path);
  const last = segments[segments.length - 1];
  const parent = parentOf(doc, segments, true, path)!;
  if (Array.isArray(parent) && !isIndex(last)) fail(`Cannot create field '${last}' in an array (${path})`);
  setIn(parent, last, value);
}

/** Removes the field (an array element becomes null, as in the database). */
export function unsetPath(doc: JsonObject, path: string): void {
  const segments = pathSegments(path);
  const parent = parentOf(doc, segments, false, path);
  const last = segments[segments.length - 1];
  if (Array.isArray(parent)) {
    if (isIndex(last) && Number(last) < parent.length) parent[Number(last)] = null;
  } else if (parent && Object.hasOwn(parent, last)) delete parent[last];
}
