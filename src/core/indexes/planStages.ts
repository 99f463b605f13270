import type { ExplainAnswer } from '../api/explainTypes';
import type { JsonValue } from '../json/lossless';
import { isJsonObject, stringifyLossless } from '../json/lossless';
import { formatCount } from '../text/formatCount';
import type { ExplainFigures } from './explainNumbers';
import { figuresOf, formatMillis } from './explainNumbers';

/** One stage of a plan as the explain view draws it: `depth` 0 is the stage that returns, each inner stage one deeper. */
export interface PlanStage {
  depth: number;
  name: string;
  /** What the stage does, in a few words. */
  note: string;
  /** The stage's numbers, name and value, each formatted. */
  figures: [string, string][];
}

const count = (value: number | undefined) => (value === undefined ? '—' : formatCount(value));

function boundsOf(bounds: unknown): string | undefined {
  if (!isJsonObject(bounds as JsonValue)) return undefined;
  const entries = Object.entries(bounds as Record<string, unknown>);
  return entries.length === 0 ? undefined : entries.map(([field, bound]) => `${field} ${String(bound)}`).join('; ');
}

function returnStage(answer: ExplainAnswer, figures: ExplainFigures): PlanStage {
  const shown: [string, string][] = [['Returned', count(figures.returned)]];
  if (figures.count !== undefined)
    shown.push(['Matching in all', `${count(figures.count)}${figures.countFromIndex ? ' (from the index)' : ''}`]);
  if (figures.millis !== undefined) shown.push(['Time on the service', formatMillis(figures.millis)]);
  const limit = typeof answer.limit === 'number' ? `, at most ${formatCount(answer.limit)}` : '';
  return { depth: 0, name: 'RETURN', note: `the page of results${limit}`, figures: shown };
}

function sortStage(answer: ExplainAnswer, figures: ExplainFigures, depth: number): PlanStage {
  const by = isJsonObject(answer.sort ?? undefined) ? ` by ${stringifyLossless(answer.sort)}` : '';
  return {
    depth,
    name: 'SORT',
    note: `in memory${by}: no index gives this order`,
    figures: [['Sorted', count(figures.count ?? figures.docsExamined)]],
  };
}

function indexWalk(depth: number, index: string | undefined, keys: string, bounds: string | undefined, direction?: string): PlanStage {
  const shown: [string, string][] = [['Keys examined', keys]];
  if (bounds) shown.push(['Bounds', bounds]);
  if (direction) shown.push(['Direction', direction]);
  return { depth, name: 'IXSCAN', note: `walks index ${index ?? '(unnamed)'}`, figures: shown };
}

function branchStages(plan: ExplainAnswer['plan'], depth: number): PlanStage[] {
  if (!Array.isArray(plan.branches)) return [];
  return plan.branches.flatMap((branch: unknown) => {
    if (!isJsonObject(branch as JsonValue)) return [];
    const { index, bounds } = branch as { index?: unknown; bounds?: unknown };
    return [indexWalk(depth, typeof index === 'string' ? index : undefined, '—', boundsOf(bounds))];
  });
}

/** The stages that read the data, below the return and the sort. */
function readingStages(answer: ExplainAnswer, figures: ExplainFigures, depth: number): PlanStage[] {
  const documents: [string, string] = ['Documents examined', count(figures.docsExamined)];
  switch (figures.stage) {
    case 'COLLSCAN':
      return [{ depth, name: 'COLLSCAN', note: 'reads every document: no index serves this query', figures: [documents] }];
    case 'IDHACK':
      return [{ depth, name: 'IDHACK', note: 'looks the document up by _id', figures: [documents] }];
    case 'IXSCAN': {
      const fetchNote = figures.pageReadInNaturalOrder
        ? 'reads the page from the documents in stored order; the index gave the count'
        : figures.docsExamined === 0
          ? 'reads no document: the index alone answered'
          : 'reads the documents the index points to';
      const plan = answer.plan;
      const direction = typeof plan.direction === 'string' ? plan.direction : undefined;
      return [
        { depth, name: 'FETCH', note: fetchNote, figures: [documents] },
        indexWalk(depth + 1, figures.index, count(figures.keysExamined), boundsOf(plan.bounds), direction),
      ];
    }
    case 'OR':
      return [
        {
          depth,
          name: 'OR',
          note: 'one index walk per branch of the $or',
          figures: [documents, ['Keys examined', count(figures.keysExamined)]],
        },
        ...branchStages(answer.plan, depth + 1),
      ];
    default:
      return [
        {
          depth,
          name: figures.stage,
          note: figures.index ? `on index ${figures.index}` : 'as the service named it',
          figures: [documents, ['Keys examined', count(figures.keysExamined)]],
        },
      ];
  }
}

/** The plan of an explain as a small tree of stages, outermost first, each with its numbers. */
export function planStages(answer: ExplainAnswer): PlanStage[] {
  const figures = figuresOf(answer);
  const stages = [returnStage(answer, figures)];
  if (figures.sortInMemory) stages.push(sortStage(answer, figures, 1));
  stages.push(...readingStages(answer, figures, stages.length));
  if (figures.candidates.length > 0) stages[0].figures.push(['Indexes considered', figures.candidates.join(', ')]);
  return stages;
}
