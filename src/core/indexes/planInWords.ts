import type { ExplainAnswer } from '../api/explainTypes';
import type { ExplainFigures } from './explainNumbers';
import { counted, figuresOf, formatMillis } from './explainNumbers';
import { formatCount } from '../text/formatCount';
import { isJsonObject, stringifyLossless } from '../json/lossless';

/** An explain in words: what the service did, in one sentence, then what else is worth knowing. */
export interface PlanInWords {
  summary: string;
  details: string[];
}

function sentenceOfStage(figures: ExplainFigures): string {
  const { stage, index, keysExamined, docsExamined, returned } = figures;
  const toReturn = `to return ${formatCount(returned ?? 0)}`;
  switch (stage) {
    case 'COLLSCAN':
      return `Scanned ${docsExamined === undefined ? 'the whole collection' : `all ${counted(docsExamined, 'document')}`} ${toReturn} (no index serves this query)`;
    case 'IDHACK':
      return `Found by _id: ${returned === 0 ? 'no document has it' : `returned ${counted(returned, 'document')}`}`;
    case 'IXSCAN': {
      const documents = docsExamined === 0 ? 'no document (the index alone answered)' : counted(docsExamined, 'document');
      return `Used index ${index ?? '(unnamed)'}: examined ${counted(keysExamined, 'key')} and ${documents} ${toReturn}`;
    }
    case 'OR':
      if (figures.branchIndexes.length > 0)
        return `Used index${figures.branchIndexes.length === 1 ? '' : 'es'} ${[...new Set(figures.branchIndexes)].join(', ')}, one walk per branch of the $or: examined ${counted(keysExamined, 'key')} and ${counted(docsExamined, 'document')} ${toReturn}`;
      return `Ran a ${stage} plan: examined ${counted(keysExamined, 'key')} and ${counted(docsExamined, 'document')} ${toReturn}`;
    default:
      return `Ran a ${stage} plan${index ? ` on index ${index}` : ''}: examined ${counted(keysExamined, 'key')} and ${counted(docsExamined, 'document')} ${toReturn}`;
  }
}

function sortSentence(answer: ExplainAnswer, figures: ExplainFigures): string | undefined {
  if (!figures.sortInMemory) return undefined;
  const sorted = figures.count ?? figures.docsExamined;
  const by = isJsonObject(answer.sort ?? undefined) ? ` by ${stringifyLossless(answer.sort)}` : '';
  return `Sorted ${counted(sorted, 'document')} in memory${by}: no index gives this order`;
}

/** The plan of an explain in words, numbers formatted: "Used index k_1: examined 100 keys and 100 documents to return 20". */
export function planInWords(answer: ExplainAnswer): PlanInWords {
  const figures = figuresOf(answer);
  const details: string[] = [];
  const sorted = sortSentence(answer, figures);
  if (sorted) details.push(sorted);
  if (figures.stage === 'IXSCAN' && figures.backward)
    details.push(`Walked ${figures.index ?? 'the index'} backward to give the requested order`);
  if (
    figures.stage === 'IXSCAN' &&
    !figures.sortInMemory &&
    isJsonObject(answer.sort ?? undefined) &&
    Object.keys(answer.sort ?? {}).length > 0
  )
    details.push('The index gave the order: nothing was sorted in memory');
  if (figures.stage === 'IXSCAN' && figures.pageReadInNaturalOrder)
    details.push(
      `So many documents match that the page came from reading documents in stored order (${counted(figures.docsExamined, 'document')}); the index gave the count`,
    );
  if (figures.count !== undefined)
    details.push(
      `${counted(figures.count, 'document')} match${figures.count === 1 ? 'es' : ''} in all${figures.countFromIndex ? ', counted from the index' : ''}`,
    );
  if (figures.millis !== undefined) details.push(`Took ${formatMillis(figures.millis)} on the service`);
  const others = figures.candidates.filter((name) => name !== figures.index);
  if (others.length > 0) details.push(`Also considered: ${others.join(', ')}`);
  return { summary: sentenceOfStage(figures), details };
}

/** The short form a before → after comparison uses: "scanned 100,000", "used index k_1, examined 100 keys". */
export function planInShort(answer: ExplainAnswer): string {
  const figures = figuresOf(answer);
  const sorted = figures.sortInMemory ? ', sorted in memory' : '';
  switch (figures.stage) {
    case 'COLLSCAN':
      return `scanned ${figures.docsExamined === undefined ? 'every document' : formatCount(figures.docsExamined)}${sorted}`;
    case 'IDHACK':
      return 'found by _id';
    case 'IXSCAN':
      return `used index ${figures.index ?? '(unnamed)'}, examined ${counted(figures.keysExamined, 'key')}${sorted}`;
    default:
      return `${figures.stage}, examined ${counted(figures.docsExamined, 'document')}${sorted}`;
  }
}

/** "was: scanned 100,000; now: used index k_1, examined 100 keys". */
export function beforeAndAfter(before: ExplainAnswer, after: ExplainAnswer): string {
  return `was: ${planInShort(before)}; now: ${planInShort(after)}`;
}
