/** An update object without `$` operators is a replacement: the service swaps each updated document for it. */
export function replacesWholeDocuments(object: object): boolean {
  return !Object.keys(object).some((key) => key.startsWith('$'));
}

export const REPLACEMENT_WARNING =
  'The update has no $ operators: it replaces each updated document whole, and every field it does not name is lost.';
