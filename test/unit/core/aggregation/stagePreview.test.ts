import * as assert from 'node:assert/strict';
import type { StagePreview } from '../../../../src/core/aggregation/stagePreview';
import type { JsonObject } from '../../../../src/core/json/lossless';
import {
  PREVIEW_SAMPLE_SIZE,
  inputOfProbe,
  previewIsComplete,
  renderStagePreview,
  stagePreviewPlan,
} from '../../../../src/core/aggregation/stagePreview';

const PIPELINE: JsonObject[] = [{ $match: { group: 3 } }, { $group: { _id: '$city', n: { $sum: 1 } } }, { $sort: { n: -1 } }];

function previewWith(input: StagePreview['input']): string {
  return renderStagePreview({
    namespace: 'shop.orders',
    accountLabel: 'Local demo',
    stage: 1,
    stageCount: 3,
    stageName: '$group',
    page: { documents: [{ _id: 'Oslo', n: 2 }], total: 1 },
    input,
    afterMatch: true,
    elapsedMs: 12,
  });
}

describe('Preview to here: a sample first, never a read of the whole collection before it shows', () => {
  it('samples after the leading $match, and probes what enters the sample up to one document past it', () => {
    const plan = stagePreviewPlan(PIPELINE, 1);
    assert.deepEqual(plan.pipeline, [PIPELINE[0], { $limit: PREVIEW_SAMPLE_SIZE }, PIPELINE[1]]);
    assert.deepEqual(plan.inputProbe, [PIPELINE[0], { $limit: PREVIEW_SAMPLE_SIZE + 1 }, { $count: 'documents' }]);
    assert.deepEqual(plan.leadingFilter, { group: 3 });
  });

  it('probes from the first stage when the pipeline does not start with a $match, and never sends a write', () => {
    const plan = stagePreviewPlan([{ $unwind: '$tags' }, { $out: 'copy' }], 1);
    assert.deepEqual(plan.pipeline, [{ $limit: PREVIEW_SAMPLE_SIZE }, { $unwind: '$tags' }]);
    assert.deepEqual(plan.inputProbe, [{ $limit: PREVIEW_SAMPLE_SIZE + 1 }, { $count: 'documents' }]);
    assert.equal(plan.leadingFilter, undefined);
  });

  it('reads the probe: all of them when no more than the sample, else more than the sample, still being counted', () => {
    assert.deepEqual(inputOfProbe([]), { exactly: 0 });
    assert.deepEqual(inputOfProbe([{ documents: 21 }]), { exactly: 21 });
    assert.deepEqual(inputOfProbe([{ documents: PREVIEW_SAMPLE_SIZE }]), { exactly: PREVIEW_SAMPLE_SIZE });
    assert.deepEqual(inputOfProbe([{ documents: PREVIEW_SAMPLE_SIZE + 1 }]), { moreThan: PREVIEW_SAMPLE_SIZE, counting: true });
    assert.equal(inputOfProbe([{ documents: 'many' }]), undefined, 'an answer that is not a count is not read as one');
  });

  it('says whether the preview is complete or a sample, and of how many, honestly at every step', () => {
    assert.ok(previewIsComplete({ input: { exactly: 21 } }));
    assert.match(previewWith({ exactly: 21 }), /This preview is complete: all 21 documents the leading \$match selects went through\./);
    assert.ok(!previewIsComplete({ input: { moreThan: PREVIEW_SAMPLE_SIZE, counting: true } }));
    assert.match(
      previewWith({ moreThan: PREVIEW_SAMPLE_SIZE, counting: true }),
      /This preview is a sample: only the first 1,000 documents of more than 1,000 \(counting them…\) went through \(a \$limit was inserted after the leading \$match\)/,
    );
    assert.match(previewWith({ exactly: 100_000 }), /a sample: only the first 1,000 documents of 100,000 went through/);
    assert.match(
      previewWith({ moreThan: PREVIEW_SAMPLE_SIZE, counting: false }),
      /only the first 1,000 documents of more than 1,000 went through/,
    );
    assert.doesNotMatch(previewWith({ moreThan: PREVIEW_SAMPLE_SIZE, counting: false }), /counting/);
    assert.match(previewWith(undefined), /a sample: only the first 1,000 documents went through/);
  });
});
