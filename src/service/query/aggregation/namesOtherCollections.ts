/** Stages that read or write another collection of the database than the one the pipeline runs on. */
const OTHER_COLLECTION_STAGES = new Set(['$lookup', '$graphLookup', '$unionWith', '$out', '$merge']);

/**
 * Whether a pipeline as sent (not yet checked) may read or write another collection: a stage naming one anywhere in
 * it, a `$facet`'s or a `$lookup`'s own pipeline included; one sent as JSON text may name any. A pipeline that is
 * neither reads nothing: the handler refuses it.
 */
export function namesOtherCollections(pipeline: unknown): boolean {
  // The original's clients may send the pipeline as JSON text (a form body): it may name any collection.
  if (typeof pipeline === 'string') return true;
  if (!Array.isArray(pipeline)) return false;
  const pending: unknown[] = [...pipeline];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...value);
    else if (value !== null && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) {
        if (OTHER_COLLECTION_STAGES.has(key)) return true;
        pending.push(inner);
      }
  }
  return false;
}
