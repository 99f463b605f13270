import type { JsonObject } from '../json/lossless';
import { JsonSyntaxError, isJsonObject, parseLossless, stringifyLossless } from '../json/lossless';

/**
 * How a document appears in its editor: two-space indent, every number and extended-JSON value written
 * with the text the service sent, a final newline.
 */
export function documentText(document: JsonObject): string {
  return `${stringifyLossless(document, 2)}\n`;
}

/** Text of a document editor that cannot be saved; the message says where and why. */
export class DocumentTextError extends Error {
  constructor(
    message: string,
    /** Where in the text, when the problem has a place. */
    readonly offset?: number,
    /** The problem alone, without "Not saved" or its place, e.g. "Unexpected character '"', expected ',' or '}'". */
    readonly reason: string = message,
  ) {
    super(message);
    this.name = 'DocumentTextError';
  }
}

/** Parses what the user wrote: one JSON object, numbers kept exactly, a key written twice refused. */
export function parseDocumentText(text: string): JsonObject {
  let value;
  try {
    value = parseLossless(text, { rejectDuplicateKeys: true });
  } catch (error) {
    if (error instanceof JsonSyntaxError)
      throw new DocumentTextError(
        `Not saved: the document is not valid JSON. ${error.message}.`,
        error.offset,
        withoutPlace(error.message),
      );
    throw error;
  }
  if (!isJsonObject(value))
    throw new DocumentTextError('Not saved: a document must be one JSON object, { … }.', 0, 'a document must be one JSON object, { … }');
  return value;
}

function withoutPlace(message: string): string {
  return message.replace(/ at line \d+, column \d+$/, '');
}
