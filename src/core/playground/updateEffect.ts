import type { UpdateEffect } from './describeMatches';
import { describeMatches } from './describeMatches';
import type { MatchCount } from './playgroundCalls';
import type { UpdateRequest } from './playgroundRequest';

/** An update object without `$` operators is a replacement: the service swaps each updated document for it. */
export function replacesWholeDocuments(object: object): boolean {
  return !Object.keys(object).some((key) => key.startsWith('$'));
}

export const REPLACEMENT_WARNING =
  'The update has no $ operators: it replaces each updated document whole, and every field it does not name is lost.';
export const IRREVERSIBLE = 'This cannot be undone.';

/** What a bulk update will do, given how many documents its criteria select, in words for a confirmation. */
export function describeUpdateEffect(request: UpdateRequest, count: MatchCount): UpdateEffect {
  const effect = describeMatches(request, count);
  if (!effect.changesSomething) return effect;
  const replacement = replacesWholeDocuments(request.update.object) ? `\n\n${REPLACEMENT_WARNING}` : '';
  return { ...effect, detail: `${effect.detail}${replacement}\n\n${IRREVERSIBLE}` };
}
