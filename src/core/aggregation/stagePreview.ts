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
  /**
   * Sent beside it: counts what enters the sampled stages up to one past the sample, so the preview knows at once,
   * without reading the whole collection, whether the sample holds everything (see {@link inputOfProbe}).
   */
  inputProbe: JsonObject[];
  /** The leading `$match`'s filter, counted with a find for the exact number once the preview shows; undefined without one. */
  leadingFilter: JsonObject | undefined;
}

/** How many documents entered the sampled stages: exactly, or more than the sample (while they are counted, or when they cannot be). */
export type PreviewInput = { exactly: number } | { moreThan: number; counting: boolean } | undefined;

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
  return {
    pipeline: [...stages.slice(0, at), { $limit: PREVIEW_SAMPLE_SIZE }, ...stages.slice(at)],
    inputProbe: [...stages.slice(0, at), { $limit: PREVIEW_SAMPLE_SIZE + 1 }, { $count: 'documents' }],
    leadingFilter,
  };
}

/** What the input probe's answer says: every document when it counted no more than the sample, else more than it. */
export function inputOfProbe(documents: readonly JsonObject[]): PreviewInput {
  const counted = documents[0]?.documents ?? 0; // $count gives no document for no input
  if (typeof counted !== 'number' || !Number.isInteger(counted) || counted < 0) return undefined;
  return counted > PREVIEW_SAMPLE_SIZE ? { moreThan: PREVIEW_SAMPLE_SIZE, counting: true } : { exactly: counted };
}

export interface StagePreview {
  namespace: string;
  accountLabel: string;
  /** 0-based. */
  stage: number;
  stageCount: number;
  stageName: string;
  page: DocumentPage;
  /** Documents that entered the sampled stages: the sample holds them all when they are at most the sample size. */
  input: PreviewInput;
  /** Whether the sample was taken after a leading `$match`. */
  afterMatch: boolean;
  elapsedMs: number;
}

/** Whether the preview saw every document (the leading match holds no more than the sample), so its counts are exact. */
export function previewIsComplete(preview: Pick<StagePreview, 'input'>): boolean {
  return preview.input !== undefined && 'exactly' in preview.input && preview.input.exactly <= PREVIEW_SAMPLE_SIZE;
}

function sampleOf(input: PreviewInput): string {
  if (input === undefined) return '';
  if ('exactly' in input) return ` of ${formatCount(input.exactly)}`;
  return ` of more than ${formatCount(input.moreThan)}${input.counting ? ' (counting them…)' : ''}`;
}

/** The preview as JSON with comments: which stage, that it is a sample (or complete), the counts, then the documents. */
export function renderStagePreview(preview: StagePreview): string {
  const { page } = preview;
  const count =
    page.total === undefined
      ? `${formatCount(page.documents.length)} shown`
      : `${formatCount(page.total)} documents, ${formatCount(page.documents.length)} shown`;
  const input = preview.input;
  const sample =
    input && 'exactly' in input && previewIsComplete(preview)
      ? `complete: all ${formatCount(input.exactly)} documents${preview.afterMatch ? ' the leading $match selects' : ''} went through`
      : `a sample: only the first ${formatCount(PREVIEW_SAMPLE_SIZE)} documents${sampleOf(input)} went through (a $limit was inserted${preview.afterMatch ? ' after the leading $match' : ''}), so counts are of that sample; Run gives the full results`;
  const lines = [
    `// Preview after stage ${preview.stage + 1} of ${preview.stageCount} (${preview.stageName}) · ${preview.namespace} · account ${JSON.stringify(preview.accountLabel)}`,
    `// ${count} · ${formatCount(Math.round(preview.elapsedMs))} ms`,
    `// This preview is ${sample}.`,
    stringifyLossless(page.documents, 2),
  ];
  return `${lines.join('\n')}\n`;
}
