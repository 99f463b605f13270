import type { DocumentPage } from '../api/types';
import type { JsonValue } from '../json/lossless';
import { stringifyLossless } from '../json/lossless';
import { formatCount } from '../text/formatCount';
import type { PagedRequest, PlaygroundRequest } from './playgroundRequest';
import { describeCount } from './resultsText';

/** What came of one query of a Run All. */
export type RunAllSection =
  | { kind: 'page'; index: number; request: PagedRequest; accountLabel: string; skip: number; page: DocumentPage; elapsedMs: number }
  | { kind: 'failed'; index: number; request?: PlaygroundRequest; message: string }
  | { kind: 'skipped'; index: number; request?: PlaygroundRequest; reason: string };

export interface RenderedRunAll {
  text: string;
  /** 0-based line of each section's heading, by section position. */
  headings: number[];
  /** Line and `_id` of each result document, with its section's position. */
  documents: { section: number; line: number; id: JsonValue | undefined }[];
}

const milliseconds = (elapsedMs: number) => `${formatCount(Math.round(elapsedMs))} ms`;
const commentLines = (text: string) => text.split(/\r?\n/).map((line) => `  // ${line}`);

function heading(section: RunAllSection): string {
  const where = section.request ? ` · ${section.request.database}.${section.request.collection}` : '';
  const title = `  // ── Query ${section.index + 1}${where}`;
  if (section.kind !== 'page') return title;
  return `${title} · ${describeCount(section.page.documents.length, section.page.total)} · ${milliseconds(section.elapsedMs)}`;
}

/**
 * The results of every query of a playground as one JSON-with-comments document: an array holding,
 * per query, a comment heading ("Query 2 · shop.orders · 20 of 1,234 · 35 ms") and the page of
 * documents, or why the query gave none.
 */
export function renderRunAll(playgroundName: string, sections: readonly RunAllSection[]): RenderedRunAll {
  const lines = [`// Run All of ${playgroundName}: ${sections.length} quer${sections.length === 1 ? 'y' : 'ies'}`, '['];
  const headings: number[] = [];
  const documents: RenderedRunAll['documents'] = [];
  sections.forEach((section, position) => {
    const last = position === sections.length - 1;
    headings.push(lines.length);
    lines.push(heading(section));
    if (section.kind === 'failed') lines.push(...commentLines(`Failed: ${section.message}`));
    if (section.kind === 'skipped') lines.push(...commentLines(`Not run: ${section.reason}`));
    if (section.kind !== 'page') {
      lines.push(`  null${last ? '' : ','}`);
      return;
    }
    lines.push(`  // account "${section.accountLabel}" · skip ${formatCount(section.skip)}`);
    if (section.page.documents.length === 0) {
      lines.push(`  []${last ? '' : ','}`);
      return;
    }
    lines.push('  [');
    section.page.documents.forEach((document, index) => {
      documents.push({ section: position, line: lines.length, id: document._id });
      const body = stringifyLossless(document, 2)
        .split('\n')
        .map((line) => `    ${line}`);
      if (index < section.page.documents.length - 1) body[body.length - 1] += ',';
      lines.push(...body);
    });
    lines.push(`  ]${last ? '' : ','}`);
  });
  lines.push(']');
  return { text: `${lines.join('\n')}\n`, headings, documents };
}
