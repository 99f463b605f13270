import type { ExplainAnswer } from '../api/explainTypes';
import type { JsonValue } from '../json/lossless';
import { isJsonObject } from '../json/lossless';
import { formatCount } from '../text/formatCount';
import { numberOf } from './numberOf';

/** The figures of an explain that the words and the comparison use; undefined where the service sent none. */
export interface ExplainFigures {
  stage: string;
  index: string | undefined;
  keysExamined: number | undefined;
  docsExamined: number | undefined;
  returned: number | undefined;
  count: number | undefined;
  millis: number | undefined;
  sortInMemory: boolean;
  countFromIndex: boolean;
  /** The page came from reading documents in stored order (the index holding many matches gave only the count). */
  pageReadInNaturalOrder: boolean;
  backward: boolean;
  candidates: string[];
  /** For an OR plan: the index each branch of the `$or` walked. */
  branchIndexes: string[];
}

export function figuresOf(answer: ExplainAnswer): ExplainFigures {
  const plan = isJsonObject(answer.plan as JsonValue) ? answer.plan : { stage: 'UNKNOWN' };
  const candidates = Array.isArray(answer.candidates) ? answer.candidates.filter((name): name is string => typeof name === 'string') : [];
  return {
    stage: typeof plan.stage === 'string' ? plan.stage : 'UNKNOWN',
    index: typeof plan.index === 'string' && plan.index !== '' ? plan.index : undefined,
    keysExamined: numberOf(answer.keysExamined),
    docsExamined: numberOf(answer.docsExamined),
    returned: numberOf(answer.returned),
    count: numberOf(answer.count),
    millis: numberOf(answer.millis),
    sortInMemory: plan.sortInMemory === true,
    countFromIndex: plan.countFromIndex === true,
    pageReadInNaturalOrder: plan.pageReadInNaturalOrder === true,
    backward: plan.direction === 'backward',
    candidates,
    branchIndexes: Array.isArray(plan.branches)
      ? plan.branches.flatMap((branch) => (isJsonObject(branch) && typeof branch.index === 'string' ? [branch.index] : []))
      : [],
  };
}

/** "1 document", "100,000 documents", "an unknown number of documents". */
export function counted(count: number | undefined, singular: string, plural = `${singular}s`): string {
  if (count === undefined) return `an unknown number of ${plural}`;
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/** Milliseconds to read: "0.4 ms", "12 ms", "1,234 ms". */
export function formatMillis(millis: number): string {
  if (millis < 10) return `${Number(millis.toFixed(millis < 1 ? 2 : 1))} ms`;
  return `${formatCount(Math.round(millis))} ms`;
}
