import type { Violation } from '../../core/validation/rulesTypes';
import { RulesLimitError } from '../../core/validation/rulesTypes';
import type { Doc } from '../bson/extendedJson';
import { stringifyExtended, toExtendedJson } from '../bson/extendedJson';
import { badRequest, HttpError } from '../errors';
import type { Reply } from '../http/types';
import { spendWork } from '../query/budget';
import type { StoredRules } from '../query/storedRules';

/** The header a write answers with when it wrote documents that break the collection's rules (`validationAction: "warn"`): how many. */
export const RULES_WARNING_HEADER = 'X-Service-Validation-Warnings';
/** The violations one answer lists at most. */
const MAX_LISTED = 100;

/** One violation of a document a `warn` collection took anyway, as the answer lists it. */
interface RulesWarning extends Violation {
  _id: unknown;
}

/**
 * The rules of the collection one request writes into, applied to each document it would write before anything is
 * committed: a violation under `validationAction: "error"` refuses the whole request (400, nothing written); under
 * `"warn"` the document is written and the answer lists the violation. `moderate` checks an update only when the
 * document kept the rules before it; `off` checks nothing.
 */
export class WriteRules {
  private readonly warnings: RulesWarning[] = [];
  private warned = 0;

  constructor(
    private readonly ns: string,
    private readonly rules: StoredRules | undefined,
  ) {}

  /** A new document (insert, upsert, import, `$out`, a `$merge` that inserts, a copied document). */
  insert(doc: Doc): void {
    if (this.rules && this.rules.settings.validationLevel !== 'off') this.check(doc);
  }

  /** A stored document replaced by `next` (PUT by id, a bulk update, a `$merge` into an existing document). */
  update(before: Doc, next: Doc): void {
    if (!this.rules || this.rules.settings.validationLevel === 'off') return;
    if (this.rules.settings.validationLevel === 'moderate' && this.violations(before).length > 0) return;
    this.check(next);
  }

  /** How many documents written broke the rules (`warn` only). */
  get warnedDocuments(): number {
    return this.warned;
  }

  /** `{"ok": 1}`, with the violations of the documents written anyway under `warn` and their count in a header. */
  reply(): Reply {
    if (this.warned === 0) return { body: { ok: 1 } };
    return { body: { ok: 1, validationWarnings: this.warnings }, headers: this.headers() };
  }

  headers(): Record<string, string> {
    return this.warned === 0 ? {} : { [RULES_WARNING_HEADER]: String(this.warned) };
  }

  private violations(doc: Doc): Violation[] {
    try {
      return this.rules!.compiled.violations(doc, { spent: (steps) => spendWork(steps, 'checking the validation rules') });
    } catch (error) {
      if (error instanceof RulesLimitError)
        throw badRequest(`The document could not be checked against the rules of ${this.ns}: ${error.message}; nothing was written`);
      throw error;
    }
  }

  private check(doc: Doc): void {
    const found = this.violations(doc);
    if (found.length === 0) return;
    const id = toExtendedJson(doc._id);
    if (this.rules!.settings.validationAction === 'warn') {
      this.warned++;
      for (const violation of found) if (this.warnings.length < MAX_LISTED) this.warnings.push({ ...violation, _id: id });
      return;
    }
    const [first] = found;
    const more = found.length > 1 ? ` and ${found.length - 1} more` : '';
    throw new HttpError(
      400,
      `${first.message} (rule: ${first.rule}${more}): the document {_id: ${stringifyExtended(doc._id)}} breaks the validation rules of ${this.ns}; nothing was written`,
      {},
      { violations: found, _id: id },
    );
  }
}
