import type { CollectionRules } from '../api/collectionRules';
import type { Violation } from '../validation/rulesTypes';

/** A violation as the user reads it everywhere (diagnostic, table cell, dry run): the cause first, then its rule. */
export const violationText = (violation: Violation): string => `${violation.message} (rule: ${violation.rule})`;

/** What the service does with a write of a document that breaks the rules: refuses it, or writes it and warns; nothing when it keeps them. */
export type WriteVerdict = 'refused' | 'warned' | 'accepted';

/**
 * What the service does with one document written under `rules` (as the service's WriteRules decides): `off` checks
 * nothing; `moderate` checks an update only when the document kept the rules before it (`beforeBroke` false), and
 * every insert (`beforeBroke` undefined); `strict` checks every write. A checked document that breaks the rules is
 * refused under `error` and written with a warning under `warn`.
 */
export function writeVerdict(
  rules: Pick<CollectionRules, 'validationLevel' | 'validationAction'>,
  found: readonly Violation[],
  beforeBroke?: boolean,
): WriteVerdict {
  if (found.length === 0 || rules.validationLevel === 'off') return 'accepted';
  if (rules.validationLevel === 'moderate' && beforeBroke === true) return 'accepted';
  return rules.validationAction === 'error' ? 'refused' : 'warned';
}

/** Whether a violation at `violationPath` concerns the field at `path` (both as keys): the field itself, inside it, or a field holding it. */
export function concernsField(violationPath: readonly string[], path: readonly string[]): boolean {
  const shorter = Math.min(violationPath.length, path.length);
  if (shorter === 0) return false;
  for (let index = 0; index < shorter; index++) if (violationPath[index] !== path[index]) return false;
  return true;
}

/** A checker's dotted violation path as its keys; the document itself has none. */
export const pathKeys = (path: string): string[] => (path === '' ? [] : path.split('.'));
