import type { Doc } from '../bson/extendedJson';
import { isPlainObject } from '../bson/extendedJson';
import { badRequest } from '../errors';
import { checkPath, checkPathsIn } from './reservedNames';

/** Every field path an update names: the keys under each operator, and the targets of `$rename`. */
export function pathsOf(modifier: Doc): string[] {
  const paths: string[] = [];
  for (const [operator, fields] of Object.entries(modifier)) {
    if (!isPlainObject(fields)) continue;
    for (const [path, argument] of Object.entries(fields)) {
      paths.push(path);
      if (operator === '$rename' && typeof argument === 'string') paths.push(argument);
    }
  }
  return paths;
}

/**
 * Refuses, as the database does, an empty path and one with an empty field name (`a..b`, `.a`, `a.`);
 * and any path or field name, at any depth of the update, that names a prototype (see reservedNames).
 */
export function checkUpdatePaths(modifier: Doc): void {
  for (const path of pathsOf(modifier)) {
    if (path === '') throw badRequest('An update path cannot be empty');
    if (path.split('.').includes(''))
      throw badRequest(`The update path ${JSON.stringify(path)} contains an empty field name, which is not allowed`);
    checkPath(path, 'The update path');
  }
  checkPathsIn(modifier, 'The update names the field');
}
