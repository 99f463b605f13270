import type { ExplainAnswer } from '../api/explainTypes';
import type { JsonObject } from '../json/lossless';
import { isJsonObject, stringifyLossless } from '../json/lossless';
import { formatCount } from '../text/formatCount';
import { figuresOf, formatMillis } from './explainNumbers';
import { beforeAndAfter, planInWords } from './planInWords';
import type { IndexSuggestion } from './suggestIndex';

/** What an explain view shows: the query's place, the answer, the suggestion, and an earlier answer to compare with. */
export interface ExplainReportInput {
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

/** A fence longer than any run of backticks in `text`, so nothing the service sent can close it. */
function fenced(language: string, text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

/** Text from the service on one line, so it cannot start a heading, a list or a code block of its own. */
const inline = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ');

function numbersTable(answer: ExplainAnswer): string[] {
  const figures = figuresOf(answer);
  const plan = answer.plan;
  const count = (value: number | undefined) => (value === undefined ? '—' : formatCount(value));
  const rows: Array<[string, string]> = [
    ['Stage', figures.stage],
    ['Index', figures.index ?? '—'],
    ['Keys examined', count(figures.keysExamined)],
    ['Documents examined', count(figures.docsExamined)],
    ['Returned', count(figures.returned)],
    ['Matching in all', count(figures.count)],
    ['Time on the service', figures.millis === undefined ? '—' : formatMillis(figures.millis)],
    ['Sorted in memory', figures.sortInMemory ? 'yes' : 'no'],
    ['Counted from the index', figures.countFromIndex ? 'yes' : 'no'],
  ];
  if (typeof plan.direction === 'string') rows.push(['Direction', plan.direction]);
  if (isJsonObject(plan.bounds as never))
    rows.push([
      'Bounds',
      Object.entries(plan.bounds ?? {})
        .map(([field, bound]) => `${field} ${String(bound)}`)
        .join('; '),
    ]);
  if (figures.candidates.length > 0) rows.push(['Indexes considered', figures.candidates.join(', ')]);
  return ['| | |', '|---|---|', ...rows.map(([name, value]) => `| ${name} | ${inline(value).replace(/\|/g, '\\|')} |`)];
}

function suggestionSection(input: ExplainReportInput): string[] {
  const { suggestion } = input;
  if (suggestion.kind === 'none') return ['## Suggested index', '', `None: ${suggestion.why}`];
  const lines = [
    '## Suggested index',
    '',
    `\`${inline(stringifyLossless(suggestion.spec))}\`, named ${inline(suggestion.name)}. ${suggestion.why}`,
    '',
  ];
  lines.push(
    input.refusal
      ? `It cannot be created from here: ${input.refusal}`
      : `"Create Index ${inline(suggestion.name)} and Explain Again" (above) creates it, waits for its build and explains this query again.`,
  );
  return lines;
}

/** The explain view's text (Markdown): the plan in words first, then the suggestion, the numbers and the answer as sent. */
export function explainReport(input: ExplainReportInput): string {
  const words = planInWords(input.answer);
  const lines = [`# Explain: ${inline(input.db)}.${inline(input.col)}`, ''];
  if (input.before) lines.push(`**Before → after:** ${inline(beforeAndAfter(input.before, input.answer))}`, '');
  lines.push(`**${inline(words.summary)}.**`, '');
  for (const detail of words.details) lines.push(`- ${inline(detail)}.`);
  if (words.details.length > 0) lines.push('');
  lines.push(...suggestionSection(input), '', '## The query', '', fenced('json', stringifyLossless(input.query, 2)), '');
  lines.push('## Numbers', '', ...numbersTable(input.answer), '');
  lines.push('## As the service sent it', '', fenced('json', stringifyLossless(input.answer, 2)), '');
  return lines.join('\n');
}
