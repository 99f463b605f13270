import type { ExplainAnswer } from '../api/explainTypes';
import type { JsonObject } from '../json/lossless';
import { stringifyLossless } from '../json/lossless';
import type { ExplainLabels, ExplainPageView } from './explainViewMessages';
import { planStages } from './planStages';
import { beforeAndAfter, planInWords } from './planInWords';
import type { IndexSuggestion } from './suggestIndex';

/** What an explain view shows: the query's place, the answer, the suggestion, and an earlier answer to compare with. */
export interface ExplainViewInput {
  db: string;
  col: string;
  query: JsonObject;
  answer: ExplainAnswer;
  suggestion: IndexSuggestion;
  /** The explain before an index was created for it. */
  before?: ExplainAnswer;
  /** Why the suggestion cannot be created here (a Read-only account), said beside it. */
  refusal?: string;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What the explain page draws: before → after on top, the plan in words, its stages with their numbers, the
 * suggestion, the query and the answer as the service sent it. Texts of the page itself are the `labels`.
 */
export function explainPageView(input: ExplainViewInput, labels: ExplainLabels): ExplainPageView {
  const words = planInWords(input.answer);
  const { suggestion } = input;
  return {
    title: `${input.db}.${input.col}`,
    ...(input.before ? { beforeAfter: capitalised(beforeAndAfter(input.before, input.answer)) } : {}),
    summary: `${words.summary}.`,
    details: words.details.map((detail) => `${detail}.`),
    stages: planStages(input.answer),
    suggestion:
      suggestion.kind === 'create'
        ? {
            type: 'create',
            spec: stringifyLossless(suggestion.spec),
            name: suggestion.name,
            why: suggestion.why,
            ...(input.refusal ? { refusal: input.refusal } : {}),
          }
        : { type: 'none', why: suggestion.why },
    query: stringifyLossless(input.query, 2),
    raw: stringifyLossless(input.answer, 2),
    labels,
  };
}
