import { pipelineWrite } from '../aggregation/pipelineWrite';
import { MAX_PAGE_SIZE } from '../api/limits';
import type { JsonObject, JsonValue } from '../json/lossless';
import { isJsonObject } from '../json/lossless';
import type { ExportOptions, ExportProgress } from './exportOptions';
import { pageFetchContext, withRetries } from './pageFetch';

export interface PipelineExportOptions extends Omit<ExportOptions, 'query' | 'parallelWindows' | 'windowPages' | 'naturalOrder'> {
  pipeline: readonly JsonObject[];
}

/** Whether `$sample` is a stage anywhere in the pipeline (in a `$facet` or a `$lookup`'s pipeline too). */
function samples(value: JsonValue): boolean {
  if (Array.isArray(value)) return value.some(samples);
  if (!isJsonObject(value)) return false;
  return Object.entries(value).some(([key, inner]) => key === '$sample' || samples(inner));
}

/**
 * Streams every result of a read-only pipeline into `write`, a page of 100 at a time: the service runs the pipeline
 * again for each page, with a `$skip` stage added at its end (a pipeline's results have no key to page by). Each page's
 * count is checked against the first's, so results that changed between pages end the export instead of writing a
 * file with documents skipped or repeated; a `$sample` is refused past one page, as it picks others each time.
 */
export async function exportPipeline(options: PipelineExportOptions): Promise<ExportProgress> {
  const { api, db, col, pipeline } = options;
  const write = pipelineWrite(pipeline);
  if (write) throw new Error(`This pipeline writes into "${write.collection}" with ${write.stage}: run it instead; an export only reads.`);
  const progress: ExportProgress = { exported: 0, total: undefined, requests: 0 };
  const context = pageFetchContext(options, progress);
  await options.write(options.writer.start());
  for (let skip = 0; ;) {
    const stages = skip > 0 ? [...pipeline, { $skip: skip }] : pipeline;
    const page = await withRetries(context, (signal) => api.aggregate(db, col, stages, { limit: MAX_PAGE_SIZE, signal }));
    const total = page.total === undefined ? undefined : page.total + skip;
    const shown = page.documents.length;
    const more = total === undefined ? shown === MAX_PAGE_SIZE : skip + shown < total;
    if (skip === 0) {
      progress.total = total;
      if (more && samples([...pipeline]))
        throw new Error(
          'The pipeline has a $sample stage, which picks other documents each time it runs, and its results are more than one page of 100: an export would mix several samples. Add a $limit of at most 100 after the $sample, or remove it.',
        );
    } else if (total !== undefined && progress.total !== undefined && total !== progress.total)
      throw new Error(
        `The pipeline's results changed during the export (${progress.total} at the start, ${total} now): export it again once the collection is not being written to.`,
      );
    let text = '';
    for (const document of page.documents) text += options.writer.item(document);
    await options.write(text);
    progress.exported += shown;
    options.onProgress?.({ ...progress });
    if (!more || shown === 0) break;
    skip += shown;
  }
  await options.write(options.writer.end());
  return progress;
}
