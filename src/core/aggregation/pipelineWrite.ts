import { isJsonObject } from '../json/lossless';
import type { JsonValue } from '../json/lossless';

/** Where a pipeline writes: its last stage, `$out` or `$merge`, and the collection it names. */
export interface PipelineWrite {
  stage: '$out' | '$merge';
  /** The database named by the stage; absent: the pipeline's own. */
  db?: string;
  collection: string;
}

/** The collection (and database, when named) `$out` or `$merge` writes into, or undefined when it names none. */
export function writeTargetOf(name: string, body: JsonValue | undefined): { db?: string; collection: string } | undefined {
  const into = name === '$merge' && isJsonObject(body) ? body.into : body;
  if (typeof into === 'string') return into === '' ? undefined : { collection: into };
  if (!isJsonObject(into)) return undefined;
  const collection = into.coll;
  if (typeof collection !== 'string' || collection === '') return undefined;
  return typeof into.db === 'string' ? { db: into.db, collection } : { collection };
}

/**
 * Whether a pipeline writes, and where: any stage `$out` or `$merge` counts (a misplaced one too, so that nothing
 * that could write passes as a read). Undefined for a pipeline that only reads.
 */
export function pipelineWrite(pipeline: unknown): PipelineWrite | undefined {
  if (!Array.isArray(pipeline)) return undefined;
  for (let index = pipeline.length - 1; index >= 0; index--) {
    const stage: unknown = pipeline[index];
    if (!isJsonObject(stage)) continue;
    for (const name of ['$out', '$merge'] as const) {
      if (!Object.hasOwn(stage, name)) continue;
      const target = writeTargetOf(name, stage[name]);
      return { stage: name, ...(target ?? { collection: '' }) };
    }
  }
  return undefined;
}
