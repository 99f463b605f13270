import * as assert from 'node:assert/strict';
import { parsePipelineText, pipelineViewStages } from '../../../../src/core/table/pipelineView';
import { stringifyLossless } from '../../../../src/core/json/lossless';
import { DEFAULT_VIEW_STATE } from '../../../../src/core/table/viewState';
import { checkExportDocumentsArgs } from '../../../../src/core/transfer/exportArgs';

describe('a view of a pipeline’s results', () => {
  const pipeline = [{ $group: { _id: '$region', n: { $sum: 1 } } }];

  it("puts the view's filter, sort, columns and page after the pipeline's own stages", () => {
    const state = {
      ...DEFAULT_VIEW_STATE,
      filter: '{"n": {"$gt": 2}}',
      sort: [{ path: ['n'], direction: -1 as const }],
      fields: [['n']],
      page: 2,
    };
    assert.deepEqual(pipelineViewStages(pipeline, state, true), {
      stages: [...pipeline, { $match: { n: { $gt: 2 } } }, { $sort: { n: -1 } }, { $project: { _id: 1, n: 1 } }, { $skip: 40 }],
      limit: 20,
    });
    assert.deepEqual(pipelineViewStages(pipeline, state, false).stages?.at(-1), { $project: { _id: 1, n: 1 } }, 'an export has no page');
    assert.deepEqual(pipelineViewStages(pipeline, DEFAULT_VIEW_STATE, true).stages, pipeline);
  });

  it('says why a filter that is not a JSON object cannot be used, and builds no stages', () => {
    const result = pipelineViewStages(pipeline, { ...DEFAULT_VIEW_STATE, filter: '{"n": ' }, true);
    assert.equal(result.stages, undefined);
    assert.match(result.error ?? '', /filter/i);
  });

  it('reads a pipeline from its text exactly (an int64 past 2^53 survives), and refuses what is not an array of stage objects', () => {
    const { pipeline: parsed } = parsePipelineText('[{"$match": {"n": 9007199254740993}}]');
    assert.equal(stringifyLossless(parsed!), '[{"$match":{"n":9007199254740993}}]');
    assert.match(parsePipelineText('{"$match": {}}').error ?? '', /array of at most 1000 stage objects/);
    assert.match(parsePipelineText('[1]').error ?? '', /array of at most 1000 stage objects/);
    assert.match(parsePipelineText('[{"$match": {}, "$match": {}}]').error ?? '', /not JSON/);
    assert.match(parsePipelineText(42).error ?? '', /JSON text/);
  });

  it('Export Documents takes a pipeline scope as text and refuses one that is not a pipeline', () => {
    const target = { accountId: 'a', db: 'shop', col: 'orders' };
    const { request } = checkExportDocumentsArgs({ ...target, scope: { kind: 'pipeline', pipeline: '[{"$count": "n"}]' } });
    assert.deepEqual(request, { ...target, kind: 'pipeline', pipeline: [{ $count: 'n' }] });
    assert.match(
      checkExportDocumentsArgs({ ...target, scope: { kind: 'pipeline', pipeline: '[{"$count": "n"}]', extra: 1 } }).error ?? '',
      /^scope has unknown keys/,
    );
    assert.match(checkExportDocumentsArgs({ ...target, scope: { kind: 'pipeline', pipeline: '"x"' } }).error ?? '', /^scope\.pipeline: /);
  });
});
