import * as assert from 'node:assert/strict';
import type { MergeLabels } from '../../../../src/core/documents/mergeViewMessages';
import {
  mergePageView,
  parseMergeHostMessage,
  parseMergePageMessage,
  resolutionsOf,
} from '../../../../src/core/documents/mergeViewMessages';
import { mergeDocuments } from '../../../../src/core/documents/threeWayMerge';
import { parseDocumentText } from '../../../../src/core/documents/documentText';
import { stringifyLossless } from '../../../../src/core/json/lossless';

const labelNames = [
  'base',
  'mine',
  'theirs',
  'absent',
  'takeMine',
  'takeTheirs',
  'edit',
  'editHint',
  'conflict',
  'onlyMine',
  'onlyTheirs',
  'both',
];
const labels = Object.fromEntries(
  [...labelNames, 'added', 'removed', 'changed', 'unchanged', 'save', 'cancel', 'working'].map((name) => [name, name]),
) as MergeLabels;

const base = parseDocumentText('{"_id": 1, "name": "Ada", "count": 9007199254740993, "city": "London"}');
const mine = parseDocumentText('{"_id": 1, "name": "Ada Lovelace", "count": 9007199254740993}');
const theirs = parseDocumentText('{"_id": 1, "name": "Ada King", "count": 9007199254740995, "city": "London"}');

describe('mergeViewMessages: what the merge page is sent and may send', () => {
  const merge = mergeDocuments(base, mine, theirs);
  const view = mergePageView(merge, { title: 'Merge 1', summary: '3 fields differ' }, labels);

  it('shows every field with each version as exact JSON text, an absent value left out, and the default choice', () => {
    assert.deepEqual(
      view.fields.map((row) => [row.label, row.status, row.base, row.mine, row.theirs, row.take]),
      [
        ['name', 'conflict', '"Ada"', '"Ada Lovelace"', '"Ada King"', 'mine'],
        ['count', 'theirs', '9007199254740993', '9007199254740993', '9007199254740995', 'theirs'],
        ['city', 'mine', '"London"', undefined, '"London"', 'mine'],
      ],
    );
    assert.equal(view.fields[2].mineChange, 'removed');
    assert.deepEqual(parseMergeHostMessage({ type: 'show', view }), { type: 'show', view });
  });

  it('refuses messages that are not exactly one the page or the host may send', () => {
    assert.equal(parseMergePageMessage({ type: 'save', choices: [{ key: 'k', take: 'mine' }] })?.type, 'save');
    assert.equal(parseMergePageMessage({ type: 'save', choices: [{ key: 'k', take: 'all' }] }), undefined);
    assert.equal(parseMergePageMessage({ type: 'save', choices: [{ key: 'k', take: 'mine', extra: 1 }] }), undefined);
    assert.equal(
      parseMergePageMessage({ type: 'save', choices: [{ key: 'k', take: 'mine' }], __proto__: { x: 1 }, apiKey: 'k' }),
      undefined,
    );
    assert.equal(parseMergePageMessage({ type: 'run', command: 'x' }), undefined);
    assert.equal(parseMergeHostMessage({ type: 'show', view: { ...view, fields: [{ ...view.fields[0], status: 'lost' }] } }), undefined);
  });

  it('turns a typed value into a resolution keeping int64 text, and an empty one into leaving the field out', () => {
    const [name, count, city] = merge.fields;
    const resolved = resolutionsOf(
      [
        { key: name.key, take: 'theirs' },
        { key: count.key, take: 'edited', text: '9007199254740997' },
        { key: city.key, take: 'edited', text: '  ' },
      ],
      merge.fields,
    );
    assert.ok('resolutions' in resolved);
    const result = mergeDocuments(base, mine, theirs, resolved.resolutions).merged;
    assert.equal(stringifyLossless(result), '{"_id":1,"name":"Ada King","count":9007199254740997}');
  });

  it('says which field holds a typed value that is not JSON, and refuses choices for fields the merge does not have', () => {
    const [name] = merge.fields;
    const notJson = resolutionsOf([{ key: name.key, take: 'edited', text: '{"a": 1, "a": 2}' }], merge.fields);
    assert.ok('problem' in notJson);
    assert.match(notJson.problem, /^name: the value you typed is not JSON: /);
    const unknown = resolutionsOf([{ key: '["__proto__"]', take: 'theirs' }], merge.fields);
    assert.ok('problem' in unknown);
    assert.match(unknown.problem, /changed since these choices were made/);
  });
});
