import type { JsonObject } from '../json/lossless';

/** One record read from an import file: the document, or why it could not be read. `line` is 1-based, where the record starts. */
export type ParsedRecord =
  { line: number; document: JsonObject; error?: undefined } | { line: number; document?: undefined; error: string };

/** Text read a piece at a time (a file stream decoded as UTF-8), never all at once. */
export type TextChunks = AsyncIterable<string> | Iterable<string>;
