import type { DocumentPage, ServiceAnswer } from '../api/types';
import type { JsonValue } from '../json/lossless';
import { stringifyLossless } from '../json/lossless';
import { formatCount } from '../text/formatCount';
import type { PagedRequest, PlaygroundRequest, UpdateRequest } from './playgroundRequest';

export interface FindResults {
  accountLabel: string;
  request: PagedRequest;
  skip: number;
  page: DocumentPage;
  elapsedMs: number;
}

export interface ResultDocumentLine {
  /** 0-based line of the document's opening brace. */
  line: number;
  /** The document's `_id`, when it has one. */
  id: JsonValue | undefined;
}

export interface RenderedResults {
  text: string;
  documents: ResultDocumentLine[];
}

const titleOf = (request: PlaygroundRequest, accountLabel: string) =>
  `// ${request.database}.${request.collection} · account ${JSON.stringify(accountLabel)}`;

const milliseconds = (elapsedMs: number) => `${formatCount(Math.round(elapsedMs))} ms`;

/** "20 of 1,234": the documents on this page out of all that match. */
export function describeCount(shown: number, total: number | undefined): string {
  return total === undefined ? `${formatCount(shown)} (the service sent no total)` : `${formatCount(shown)} of ${formatCount(total)}`;
}

/** The results of a query as JSON with comments: a header, then the documents exactly as the service sent them. */
export function renderFindResults(results: FindResults): RenderedResults {
  const { request, page } = results;
  const lines = [
    titleOf(request, results.accountLabel),
    `// ${describeCount(page.documents.length, page.total)} · skip ${formatCount(results.skip)} · ${milliseconds(results.elapsedMs)}`,
  ];
  lines.push(...parameterLines(request));

  const documents: ResultDocumentLine[] = [];
  if (page.documents.length === 0) {
    lines.push(page.total === 0 || results.skip === 0 ? '// No document matches.' : '// No documents on this page.', '[]');
    return { text: `${lines.join('\n')}\n`, documents };
  }
  lines.push('[');
  page.documents.forEach((document, index) => {
    documents.push({ line: lines.length, id: document._id });
    const body = stringifyLossless(document, 2)
      .split('\n')
      .map((line) => `  ${line}`);
    if (index < page.documents.length - 1) body[body.length - 1] += ',';
    lines.push(...body);
  });
  lines.push(']');
  return { text: `${lines.join('\n')}\n`, documents };
}

/** The parameters of a find, or the stages of a pipeline, as comment lines. */
function parameterLines(request: PagedRequest): string[] {
  if (request.kind === 'aggregate') {
    const stages = request.pipeline.map((stage) => Object.keys(stage)[0]).join(' → ');
    return [`// pipeline of ${request.pipeline.length} stage${request.pipeline.length === 1 ? '' : 's'}: ${stages}`];
  }
  const query = request.query;
  const parameters = (['q', 'fields', 'sort', 'limit'] as const)
    .filter((name) => query[name] !== undefined)
    .map((name) => `${name}: ${stringifyLossless(query[name])}`);
  return parameters.length > 0 ? [`// ${parameters.join(' · ')}`] : [];
}

export interface UpdateResults {
  accountLabel: string;
  request: UpdateRequest;
  /** How many documents the criteria matched before the update. */
  matched: number;
  answer: ServiceAnswer;
  elapsedMs: number;
}

/** What a bulk update did: the count before it, its flags, and the service's answer as it came. */
export function renderUpdateResults(results: UpdateResults): string {
  const { request } = results;
  const lines = [
    `${titleOf(request, results.accountLabel)} · bulk update`,
    `// ${formatCount(results.matched)} matched before the update · multi: ${request.update.multi ?? false} · upsert: ${request.update.upsert ?? false} · ${milliseconds(results.elapsedMs)}`,
    `// criteria: ${stringifyLossless(request.update.criteria)}`,
    `// object: ${stringifyLossless(request.update.object)}`,
    '// The service answered:',
    stringifyLossless(results.answer, 2),
  ];
  return `${lines.join('\n')}\n`;
}
