import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BUNDLE_PATH, bundleText, l10nCalls, l10nCallsIn } from '../../../scripts/l10n-bundle';

/** The placeholders `{0}`, `{1}`… a message names. */
const placeholders = (message: string) => new Set([...message.matchAll(/\{(\d+)\}/g)].map((match) => Number(match[1])));

describe('extension: l10n/bundle.l10n.json holds every message the extension passes to vscode.l10n.t', () => {
  const calls = l10nCalls();

  it('is up to date with the sources (npm run l10n writes it)', () => {
    assert.ok(calls.length > 0);
    assert.equal(readFileSync(BUNDLE_PATH, 'utf8'), bundleText(calls));
  });

  it('every message is a literal a translator can find, and names {0}… exactly for the values passed', () => {
    const problems = calls.flatMap(({ file, line, message, argumentCount }) => {
      if (message === undefined) return [`${file}:${line}: not a literal`];
      const named = placeholders(message);
      const expected = Array.from({ length: argumentCount }, (_, index) => index);
      return named.size === argumentCount && expected.every((index) => named.has(index))
        ? []
        : [`${file}:${line}: "${message}" with ${argumentCount} value(s)`];
    });
    assert.deepEqual(problems, []);
  });

  it('would find the message of vscode.l10n.t and of l10n.t, and a call whose message is not a literal', () => {
    const found = l10nCallsIn(
      'x.ts',
      "vscode.l10n.t('Deleted {0}.', name);\nl10n.t(`Saved`);\nvscode.l10n.t(message);\nother.t('not this');\n",
    );
    assert.deepEqual(
      found.map(({ line, message, argumentCount }) => ({ line, message, argumentCount })),
      [
        { line: 1, message: 'Deleted {0}.', argumentCount: 1 },
        { line: 2, message: 'Saved', argumentCount: 0 },
        { line: 3, message: undefined, argumentCount: 0 },
      ],
    );
    assert.equal(bundleText(found), '{\n  "Deleted {0}.": "Deleted {0}.",\n  "Saved": "Saved"\n}\n');
  });
});
