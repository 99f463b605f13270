import * as assert from 'node:assert/strict';
import { translator } from '../../../../src/webview/shared/translator';

const l10nInPage = async (content: string | undefined) => translator(content);

describe("webview pages: their own texts through the extension's l10n bundle", () => {
  it('shows the English message with its values where no translation was given (English)', async () => {
    const l10n = await l10nInPage(undefined);
    assert.equal(l10n.t('Columns ({0})', 3), 'Columns (3)');
    assert.equal(l10n.t('{0}–{1} of {2}', 1, 50, '1,500'), '1–50 of 1,500');
  });

  it('shows the translation the extension put in the page, with the values in their translated places', async () => {
    const l10n = await l10nInPage(JSON.stringify({ 'Columns ({0})': 'Spalten ({0})', '{0}–{1} of {2}': '{0}–{1} von {2}' }));
    assert.equal(l10n.t('Columns ({0})', 3), 'Spalten (3)');
    assert.equal(l10n.t('{0}–{1} of {2}', 1, 50, '1,500'), '1–50 von 1,500');
    assert.equal(l10n.t('Apply'), 'Apply', 'an untranslated message stays English');
  });

  it('ignores translations it cannot read, and a value that is no text, and never lets __proto__ in', async () => {
    assert.equal((await l10nInPage('{not json')).t('Apply'), 'Apply');
    assert.equal((await l10nInPage('["Apply"]')).t('Apply'), 'Apply');
    const l10n = await l10nInPage('{"Apply": 7, "__proto__": "x", "constructor": {"a": 1}}');
    assert.equal(l10n.t('Apply'), 'Apply');
    assert.equal(l10n.t('__proto__'), 'x');
    assert.equal(l10n.t('constructor'), 'constructor');
  });
});
