import type { DocumentPage } from '../api/types';
import type { JsonObject } from '../json/lossless';
import { stringifyLossless } from '../json/lossless';
import { formatCount } from '../text/formatCount';

/** Documents a preview lets into the stages after the leading `$match`: enough to show the shape, quick on any collection. */
export const PREVIEW_SAMPLE_SIZE = 1000;
/** Result documents a preview shows. */
export const PREVIEW_SHOWN = 20;

export interface StagePreviewPlan {
  /** The stages sent: the first `stage + 1`, with a `$limit` after the leading `$match` (or first). */
  pipeline: JsonObject[];
  /** The leading `$match`'s filter, counted with a find to tell whether the sample holds everything; undefined without one. */
  leadingFilter: JsonObject | undefined;
}

/**
 * The pipeline a "Preview to here" of stage `stage` (0-based) sends: its stages up to that one, never a write, and a
 * `$limit` of {@link PREVIEW_SAMPLE_SIZE} after the leading `$match` (which an index can serve), so that a preview of
 * a large collection reads a sample and not the whole collection.
 */
export function stagePreviewPlan(pipeline: readonly JsonObject[], stage: number): StagePreviewPlan {
  const stages = pipeline.slice(0, stage + 1).filter((item) => !('$out' in item) && !('$merge' in item));
  const first = stages[0];
  const leadingFilter = first && '$match' in first && typeof first.$match === 'object' ? (first.$match as JsonObject) : undefined;
  const at = leadingFilter ? 1 : 0;
  return { pipeline: [...stages.slice(0, at), { $limit: PREVIEW_SAMPLE_SIZE }, ...stages.slice(at)], leadingFilter };
}

export interface StagePreview {
  namespace: string;
  accountLabel: string;
  /** 0-based. */
  stage: number;
  stageCount: number;
  stageName: string;
  page: DocumentPage;
  /** Documents that entered the sampled stages, when counted: the sample holds them all when it is at most the sample size. */
  input: number | undefined;
  /** Whether the sample was taken after a leading `$match`. */
  afterMatch: boolean;
  elapsedMs: number;
}

/** Whether the preview saw every document (the leading match holds no more than the sample), so its counts are exact. */
export function previewIsComplete(preview: Pick<StagePreview, 'input'>): boolean {
  return preview.input !== undefined && preview.input <= PREVIEW_SAMPLE_SIZE;
}

/** The preview as JSON with comments: which stage, that it is a sample (or complete), the counts, then the documents. */
export function renderStagePreview(preview: StagePreview): string {
  const { page } = preview;
  const count =
    page.total === undefined
      ? `${formatCount(page.documents.length)} shown`
      : `${formatCount(page.total)} documents, ${formatCount(page.documents.length)} shown`;
  const sample = previewIsComplete(preview)
    ? `complete: all ${formatCount(preview.input ?? 0)} documents${preview.afterMatch ? ' the leading $match selects' : ''} went through`
    : `a sample: only the first ${formatCount(PREVIEW_SAMPLE_SIZE)} documents${preview.input === undefined ? '' : ` of ${formatCount(preview.input)}`} went through (a $limit was inserted${preview.afterMatch ? ' after the leading $match' : ''}), so counts are of that sample; Run gives the full results`;
  const lines = [
    `// Preview after stage ${preview.stage + 1} of ${preview.stageCount} (${preview.stageName}) · ${preview.namespace} · account ${JSON.stringify(preview.accountLabel)}`,
    `// ${count} · ${formatCount(Math.round(preview.elapsedMs))} ms`,
    `// This preview is ${sample}.`,
    stringifyLossless(page.documents, 2),
  ];
  return `${lines.join('\n')}\n`;
}
