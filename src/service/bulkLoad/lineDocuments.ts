import type { Doc } from '../bson/extendedJson';
import { isPlainObject } from '../bson/extendedJson';
import { ObjectId } from '../bson/objectId';
import { parseStoredJson } from '../bson/storedJson';
import { HttpError } from '../errors';
import { WriteRules } from '../handlers/writeRules';
import { requireDocument } from '../http/params';
import { validateStoredDocument } from '../query/engine';
import type { StoredRules } from '../query/storedRules';

/** A line of a load's file that the interface would refuse as an inserted document; nothing of the load is stored. */
export class LineRefused extends Error {}

/**
 * The documents of a JSON-lines file (one extended-JSON object a line, as Export Documents writes them), each checked
 * as the interface checks the `document` of an insert (documents.ts): the same parse, the same `_id` given to a
 * document without one, the same storage checks and the collection's validation rules. Blank lines are skipped.
 */
export class LineDocuments {
  private readonly rules: WriteRules;

  constructor(ns: string, rules: StoredRules | undefined) {
    this.rules = new WriteRules(ns, rules);
  }

  /** The document of line `line` (1-based), or undefined for a blank line; a refused line throws {@link LineRefused}. */
  document(text: string, line: number): Doc | undefined {
    if (text.trim() === '') return undefined;
    try {
      let parsed: unknown;
      try {
        parsed = parseStoredJson(text);
      } catch (error) {
        throw new LineRefused(`it is not valid JSON: ${(error as Error).message}`);
      }
      if (!isPlainObject(parsed)) throw new LineRefused('it is not a JSON object (each line holds one document)');
      // As the `document` of an insert's body: the same checks, and the same reasons.
      const document = requireDocument({ document: parsed }, 'document');
      const doc: Doc = '_id' in document ? document : { _id: ObjectId.generate(), ...document };
      validateStoredDocument(doc);
      this.rules.insert(doc);
      return doc;
    } catch (error) {
      if (error instanceof LineRefused || error instanceof HttpError) throw new LineRefused(`Line ${line}: ${error.message}`);
      throw error;
    }
  }

  /** How many documents broke the collection's rules and were loaded anyway (`validationAction: "warn"`). */
  get warned(): number {
    return this.rules.warnedDocuments;
  }
}
