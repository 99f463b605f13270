import * as assert from 'node:assert/strict';
import { localised, placeholdersOf, readManifest, readNls } from './support/localisedManifest';

/** Words a user reads in package.json: commands, views, settings, the walkthrough, the AI tools' names. */
const USER_FACING = new Set([
  'displayName',
  'description',
  'title',
  'shortTitle',
  'category',
  'name',
  'contextualTitle',
  'contents',
  'markdownDescription',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'userDescription',
  'altText',
]);

/** Where package.json may keep English that is not translated: what the language model reads, and identifiers. */
const NOT_TRANSLATED = /\.(modelDescription|inputSchema)\b|^\.name$|\.languageModelTools\[\d+\]\.name$/;

describe('package.json: its user-facing texts come from package.nls.json', () => {
  const manifest = readManifest();
  const nls = readNls();

  it('names only keys package.nls.json holds, and package.nls.json holds no key package.json does not name', () => {
    const named = placeholdersOf(manifest).map(({ key }) => key);
    assert.deepEqual(
      named.filter((key) => !(key in nls)),
      [],
      'named in package.json, missing from package.nls.json',
    );
    assert.deepEqual(
      Object.keys(nls).filter((key) => !named.includes(key)),
      [],
      'in package.nls.json, named nowhere in package.json',
    );
  });

  it('leaves no sentence of the user-facing fields in English in package.json itself', () => {
    const untranslated: string[] = [];
    const walk = (value: unknown, at: string, field: string): void => {
      if (typeof value === 'string') {
        if (USER_FACING.has(field) && !NOT_TRANSLATED.test(at) && /[A-Za-z]{2}/.test(value) && !/^%[^%\s]+%$/.test(value))
          untranslated.push(`${at}: ${value}`);
      } else if (Array.isArray(value)) value.forEach((inner, index) => walk(inner, `${at}[${index}]`, field));
      else if (value !== null && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) walk(inner, `${at}.${key}`, key);
    };
    walk(manifest, '', '');
    assert.deepEqual(untranslated, []);
  });

  it('would catch a missing key and an unused one', () => {
    const named = placeholdersOf({ contributes: { commands: [{ title: '%a.title%' }, { title: '%b.title%' }] } }).map(({ key }) => key);
    assert.deepEqual(named, ['a.title', 'b.title']);
    assert.deepEqual(localised({ title: '%a.title%', other: '%missing%' }, { 'a.title': 'A' }), { title: 'A', other: '%missing%' });
  });
});
