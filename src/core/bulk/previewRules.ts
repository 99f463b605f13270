import type { CollectionRules } from '../api/collectionRules';
import { displayId } from '../documents/documentId';
import type { JsonObject } from '../json/lossless';
import { violationText, writeVerdict } from '../rules/rulesVerdict';
import type { Violation } from '../validation/rulesTypes';
import type { UpdatePreview } from './updatePreview';

/** A collection's rules as a preview is checked against them. */
export interface PreviewRulesCheck {
  rules: Pick<CollectionRules, 'validationLevel' | 'validationAction'>;
  violations(document: JsonObject): Violation[];
}

/** The sampled documents (and the upserted one) that the update would make break the rules, each with its first violation. */
export interface PreviewRuleBreaks {
  /** Refused: the service refuses the whole update; warned: it writes them with a warning. */
  verdict: 'refused' | 'warned';
  /** By place in the sample; `upsert` for the document an upsert inserts. */
  broken: { at: number | 'upsert'; text: string }[];
}

const SHOWN = 5;

/**
 * Which of a preview's documents, as updated, the rules would refuse or warn about, as the service decides for each
 * (moderate leaves alone a document that already broke them; the upserted one is an insert). Undefined when none.
 */
export function previewRuleBreaks(preview: UpdatePreview, check: PreviewRulesCheck): PreviewRuleBreaks | undefined {
  const broken: PreviewRuleBreaks['broken'] = [];
  let verdict: PreviewRuleBreaks['verdict'] = 'warned';
  const judge = (at: number | 'upsert', after: JsonObject, before?: JsonObject) => {
    const found = check.violations(after);
    const decided = writeVerdict(check.rules, found, before && check.violations(before).length > 0);
    if (decided === 'accepted') return;
    if (decided === 'refused') verdict = 'refused';
    broken.push({ at, text: `_id ${displayId(after._id ?? null)}: ${violationText(found[0])}` });
  };
  preview.sample.forEach((item, index) => {
    if ('after' in item) judge(index, item.after, item.before);
  });
  if (preview.upsert && 'after' in preview.upsert) judge('upsert', preview.upsert.after);
  return broken.length > 0 ? { verdict, broken } : undefined;
}

/** What the preview's question says of the rules: the documents that break them, and what the real update does then. */
export function previewRulesText(where: string, preview: UpdatePreview, breaks: PreviewRuleBreaks | undefined): string {
  if (!breaks) return `The sampled documents, as updated, keep the rules of ${where} (the service checks every document it changes).`;
  const count = breaks.broken.length;
  const checked = preview.sample.length + (preview.upsert ? 1 : 0);
  const head =
    breaks.verdict === 'refused'
      ? `${count} of the ${checked} previewed documents, as updated, break the rules of ${where}, which refuse them: the service will refuse the whole update and write nothing.`
      : `${count} of the ${checked} previewed documents, as updated, break the rules of ${where}, which warn: the service will write them with a warning.`;
  const lines = breaks.broken.slice(0, SHOWN).map((item) => `  ${item.text}`);
  if (count > SHOWN) lines.push(`  … and ${count - SHOWN} more (marked in the preview).`);
  return [head, ...lines].join('\n');
}
