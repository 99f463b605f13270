import type { JsonValue } from '../../src/core/json/lossless';
import type { CollectionSchema } from '../../src/core/schema/inferSchema';
import { SchemaBuilder } from '../../src/core/schema/inferSchema';

/** The schema the product infers from `documents` as one sample (as `sampleSchema` does page by page). */
export function inferSchema(documents: readonly JsonValue[]): CollectionSchema {
  const builder = new SchemaBuilder();
  builder.addAll(documents);
  return builder.result();
}
