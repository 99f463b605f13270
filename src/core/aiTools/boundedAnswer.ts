import { stringifyLossless } from '../json/lossless';
import type { JsonObject } from '../json/lossless';
import { cutDocumentText } from './cutDocument';
import { MAX_ANSWER_CHARACTERS, MAX_TOOL_DOCUMENTS } from './toolDefinition';

export interface DocumentsPage {
  database: string;
  collection: string;
  documents: readonly JsonObject[];
  /** All that match, from the service's count; undefined when it sent none. */
  total: number | undefined;
  skip: number;
  /** The results of a pipeline, not stored documents: a cut one is narrowed by the pipeline, not read by its `_id`. */
  pipelineResults?: boolean;
}

export interface AnswerLimits {
  maxDocuments: number;
  maxCharacters: number;
}

const LIMITS: AnswerLimits = { maxDocuments: MAX_TOOL_DOCUMENTS, maxCharacters: MAX_ANSWER_CHARACTERS };
const number = (n: number) => n.toLocaleString('en-US');

/** A pipeline's result larger than one answer: its beginning, and how to narrow the pipeline for the rest. */
function cutResultText(text: string, maxCharacters: number): string {
  const hint = `This result is ${number(text.length)} characters, more than the ${number(maxCharacters)} one answer holds: add a $project stage naming fewer fields (with $slice for long arrays) to the end of the pipeline to read the rest. Its first characters:`;
  return `${hint}\n${text.slice(0, Math.max(0, maxCharacters - hint.length - 200))}…`;
}

/**
 * A page of documents as a model reads it: a header with what matched, one document per line in exact
 * JSON (int64 as the service sent it), cut at whole documents when the characters run out, and a last
 * line that says what was left out and which `skip` gives the next page.
 */
export function documentsAnswer(page: DocumentsPage, limits: AnswerLimits = LIMITS): string {
  const lines: string[] = [];
  let used = 0;
  let cutDocument: string | undefined;
  const place = { database: page.database, collection: page.collection };
  for (const document of page.documents.slice(0, limits.maxDocuments)) {
    const text = stringifyLossless(document);
    if (used + text.length + 1 > limits.maxCharacters) {
      if (lines.length === 0)
        cutDocument = page.pipelineResults
          ? cutResultText(text, limits.maxCharacters)
          : `This document is cut. ${cutDocumentText(document, place, limits.maxCharacters)}`;
      break;
    }
    lines.push(text);
    used += text.length + 1;
  }
  const shown = cutDocument ? 1 : lines.length;
  const first = page.skip + 1;
  const namespace = `${page.database}.${page.collection}`;
  const total = page.total === undefined ? '' : ` of ${number(page.total)} matching`;
  const header =
    shown === 0
      ? `No documents in ${namespace}${total ? ` at skip ${number(page.skip)}${total}` : ' match'}.`
      : `Documents ${number(first)}–${number(page.skip + shown)}${total} in ${namespace}:`;
  const body = cutDocument ? [cutDocument] : lines;
  return [header, ...body, ...nextPageLine(page, shown, cutDocument !== undefined)].join('\n');
}

function nextPageLine(page: DocumentsPage, shown: number, cutDocument: boolean): string[] {
  const next = page.skip + shown;
  const cutByUs = shown < page.documents.length;
  const more = page.total !== undefined ? next < page.total : cutByUs;
  if (cutDocument) {
    return more ? [`More match: call again with "skip": ${next} for the next page.`] : [];
  }
  if (!more) return [];
  const why = cutByUs
    ? ` (the answer is cut at ${number(MAX_TOOL_DOCUMENTS)} documents or ${number(MAX_ANSWER_CHARACTERS)} characters)`
    : '';
  return [`More match${why}: call again with "skip": ${next} for the next page.`];
}

/** Any JSON answer, pretty-printed exactly, cut at the character limit with a note saying so. */
export function jsonAnswer(title: string, value: unknown, maxCharacters = MAX_ANSWER_CHARACTERS): string {
  return boundedText(`${title}\n${stringifyLossless(value, 1)}`, maxCharacters);
}

/** Text cut at `maxCharacters`, saying how much was left out. */
export function boundedText(text: string, maxCharacters = MAX_ANSWER_CHARACTERS): string {
  if (text.length <= maxCharacters) return text;
  return `${text.slice(0, maxCharacters)}\n… [cut: ${number(text.length - maxCharacters)} more characters of ${number(text.length)} not shown]`;
}
