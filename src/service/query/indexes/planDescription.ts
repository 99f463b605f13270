import { stringifyExtended } from '../../bson/extendedJson';
import type { Value } from '../../bson/extendedJson';
import type { End, Interval } from './fieldIntervals';
import { TypeEdge } from './keyOrder';
import type { QueryPlan } from './planner';

const EDGE_TEXT: Record<string, [string, string]> = { number: ['-inf.0', 'inf.0'], string: ['""', '{}'] };

function endText(end: End): string {
  if (end === 'min') return 'MinKey';
  if (end === 'max') return 'MaxKey';
  if (end === undefined) return 'undefined';
  if (end instanceof TypeEdge) {
    const known = EDGE_TEXT[end.type];
    if (known) return end.side < 0 ? known[0] : known[1];
    return `${end.side < 0 ? 'first' : 'last'} ${end.type}`;
  }
  return stringifyExtended(end as Value);
}

/** An interval as the database's explain shows it, in the order the index walks it: `[7, 7]`, `(5, inf.0]`, `[MaxKey, MinKey]`. */
function intervalText(interval: Interval, direction: number): string {
  if (direction >= 0)
    return `${interval.lowInclusive ? '[' : '('}${endText(interval.low)}, ${endText(interval.high)}${interval.highInclusive ? ']' : ')'}`;
  return `${interval.highInclusive ? '[' : '('}${endText(interval.high)}, ${endText(interval.low)}${interval.lowInclusive ? ']' : ')'}`;
}

/** The bounds of the plan's index, one display string per field. */
export function boundsText(plan: QueryPlan): Record<string, string> {
  if (plan.stage === 'IDHACK') return { _id: `[${stringifyExtended(plan.id as Value)}, ${stringifyExtended(plan.id as Value)}]` };
  if (!plan.index || !plan.bounds) return {};
  const index = plan.index;
  return Object.fromEntries(
    index.fields.map((field, i) => {
      const direction = index.tree.directions[i];
      return [field, plan.bounds!.perField[i].map((interval) => intervalText(interval, direction)).join(', ')];
    }),
  );
}

/** `COLLSCAN`, `IDHACK`, `IXSCAN { k: 1 }` or `OR { IXSCAN { a: 1 }, IXSCAN { b: 1 } }`, as the database's logs summarize a plan. */
export function planSummary(plan: QueryPlan): string {
  if (plan.stage === 'OR' && plan.branches) return `OR { ${plan.branches.map(planSummary).join(', ')} }`;
  if (plan.stage !== 'IXSCAN' || !plan.index) return plan.stage;
  const fields = Object.entries(plan.index.spec.key).map(
    ([field, direction]) => `${field}: ${typeof direction === 'string' ? JSON.stringify(direction) : direction}`,
  );
  return `IXSCAN { ${fields.join(', ')} }`;
}
