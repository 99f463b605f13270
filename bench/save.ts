import { DbHostClient } from '../src/client/dbHostClient';
import { diffToUpdate } from '../src/core/documents/updateDiff';
import type { JsonObject } from '../src/core/json/lossless';
import { documentText, parseDocumentText } from '../src/core/documents/documentText';
import { FaultProxy } from '../test/support/faultProxy';
import type { SeededService } from './support/benchData';
import { withSeededService } from './support/benchData';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import type { BenchSection } from './support/section';
import { median, since } from './support/stats';

export interface SaveOutcome {
  /** Bytes of the document as its editor shows it. */
  documentBytes: number;
  /** Bytes of the PUT body that saved the one changed field. */
  putBodyBytes: number;
  /** Milliseconds to parse the edited text and diff it against the loaded version, per MB of document (median), when timed. */
  parseAndDiffMsPerMb?: number;
  /** The same text through plain JSON.parse, per MB (median), when timed. */
  jsonParseMsPerMb?: number;
}

/** A document of about `bytes` bytes: many fields of nested objects, arrays, numbers and strings. */
export function largeDocument(id: string, bytes: number): JsonObject {
  const document: Record<string, unknown> = { _id: id };
  for (let i = 0; documentText(document as JsonObject).length < bytes;) {
    for (let j = 0; j < 100; j++, i++) {
      document[`field${i}`] = {
        n: i,
        price: i * 1.25,
        label: `value number ${i} of the large document`,
        tags: ['alpha', 'beta', i % 7],
        flag: i % 2 === 0,
      };
    }
  }
  return document as JsonObject;
}

/**
 * Saves one changed field of a large document as the documents file system does: parse the editor's
 * text, diff it against the loaded version, send the update with safe: true. The PUT body is measured
 * at a proxy in front of the service.
 */
export async function saveOneField(options: {
  serviceUrl: string;
  apiKey: string;
  db: string;
  col: string;
  bytes: number;
  timeRuns?: number;
}): Promise<SaveOutcome> {
  const id = `large-${Date.now()}`;
  const original = largeDocument(id, options.bytes);
  const direct = new DbHostClient({ baseUrl: options.serviceUrl, apiKey: options.apiKey });
  await direct.createDocument(options.db, options.col, original, { safe: true });
  const loaded = parseDocumentText((await direct.getDocument(options.db, options.col, id)).text);
  const shownText = documentText(loaded);
  const editedText = shownText.replace('"label": "value number 5 of the large document"', '"label": "value number 5, edited"');
  if (editedText === shownText) throw new Error('the edit did not apply');

  const proxy = await FaultProxy.start(options.serviceUrl);
  try {
    const client = new DbHostClient({ baseUrl: proxy.url, apiKey: options.apiKey });
    const { update, error } = diffToUpdate(loaded, parseDocumentText(editedText));
    if (!update) throw new Error(`nothing to save: ${error ?? 'no change found'}`);
    await client.updateDocument(options.db, options.col, id, update as JsonObject, { safe: true });
    const put = proxy.requests.find((request) => request.method === 'PUT');
    if (!put) throw new Error('no PUT reached the service');
    const saved = (await direct.getDocument(options.db, options.col, id)).document as Record<string, { label?: string }>;
    if (saved.field5?.label !== 'value number 5, edited') throw new Error('the saved document does not hold the edit');

    const documentBytes = Buffer.byteLength(shownText, 'utf8');
    const megabytes = documentBytes / 1024 / 1024;
    let parseAndDiffMsPerMb: number | undefined;
    let jsonParseMsPerMb: number | undefined;
    if (options.timeRuns) {
      const runs: number[] = [];
      const plain: number[] = [];
      for (let i = 0; i < options.timeRuns; i++) {
        let start = performance.now();
        diffToUpdate(loaded, parseDocumentText(editedText));
        runs.push(since(start));
        start = performance.now();
        JSON.parse(editedText);
        plain.push(since(start));
      }
      parseAndDiffMsPerMb = median(runs) / megabytes;
      jsonParseMsPerMb = median(plain) / megabytes;
    }
    return { documentBytes, putBodyBytes: put.bodyBytes, parseAndDiffMsPerMb, jsonParseMsPerMb };
  } finally {
    await proxy.close();
    await direct.deleteDocument(options.db, options.col, id);
  }
}

async function saveFigures(service: SeededService, bytes: number, timeRuns: number): Promise<Figure[]> {
  const outcome = await saveOneField({ serviceUrl: service.url, apiKey: service.key, db: service.db, col: service.small, bytes, timeRuns });
  const size = bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`;
  return [
    figure({
      name: `save one field of a ${size} document: PUT body`,
      value: outcome.putBodyBytes,
      unit: 'B',
      baselineName: 'document bytes',
      baseline: outcome.documentBytes,
      target: '< 1 KB',
      met: outcome.putBodyBytes < 1024,
    }),
    figure({
      name: 'save: parse + diff per MB (extension side)',
      value: outcome.parseAndDiffMsPerMb ?? Number.NaN,
      unit: 'ms',
      baselineName: 'JSON.parse per MB',
      baseline: outcome.jsonParseMsPerMb,
      note: `median of ${timeRuns}; lossless parseDocumentText + diffToUpdate`,
    }),
  ];
}

export const section: BenchSection = {
  name: 'save',
  title: 'saving one field of a 1 MB document',
  smoke: 'a 64 KB document, 2 timed runs instead of 15',
  run: (context) =>
    withSeededService(context, (service) => (context.smoke ? saveFigures(service, 64 * 1024, 2) : saveFigures(service, 1024 * 1024, 15))),
};
