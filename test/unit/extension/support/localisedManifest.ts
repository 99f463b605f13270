import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(__dirname, '..', '..', '..', '..');

/** A `%key%` placeholder: the whole string, as VS Code replaces it from package.nls.json. */
const PLACEHOLDER = /^%([^%\s]+)%$/;

export const readManifest = (): unknown => JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));
export const readNls = (): Record<string, string> =>
  JSON.parse(readFileSync(resolve(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

/** Every `%key%` the manifest names, in order of appearance, with where it is. */
export function placeholdersOf(manifest: unknown): { key: string; at: string }[] {
  const found: { key: string; at: string }[] = [];
  const walk = (value: unknown, at: string): void => {
    if (typeof value === 'string') {
      const match = PLACEHOLDER.exec(value);
      if (match) found.push({ key: match[1], at });
    } else if (Array.isArray(value)) value.forEach((inner, index) => walk(inner, `${at}[${index}]`));
    else if (value !== null && typeof value === 'object') for (const [key, inner] of Object.entries(value)) walk(inner, `${at}.${key}`);
  };
  walk(manifest, '');
  return found;
}

/** The manifest as VS Code shows it in English: every `%key%` replaced by its package.nls.json text. */
export function localised<T>(manifest: T, nls: Record<string, string>): T {
  const replace = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const match = PLACEHOLDER.exec(value);
      return match && match[1] in nls ? nls[match[1]] : value;
    }
    if (Array.isArray(value)) return value.map(replace);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, replace(inner)]));
    return value;
  };
  return replace(manifest) as T;
}

/** package.json with its texts in English, as the tests read what the user sees. */
export const localisedManifest = <T>(): T => localised(readManifest(), readNls()) as T;
