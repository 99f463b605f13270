import * as vscode from 'vscode';
import { displayId } from '../../core/documents/documentId';
import type { JsonObject } from '../../core/json/lossless';
import { concernsField, pathKeys, violationText, writeVerdict } from '../../core/rules/rulesVerdict';
import type { CellViolation } from '../../core/table/protocol';
import type { CellEdit } from '../../core/table/stagedEdits';
import { applyEdits, documentKey } from '../../core/table/stagedEdits';
import type { Violation } from '../../core/validation/rulesTypes';
import type { Services } from '../services';
import type { RulesCheck } from '../kit/writes/rulesSaveCheck';
import type { TableSession } from './tableSession';

/** What the rules say of a save about to be sent: why it is refused (nothing is sent then), and the warnings of what is saved. */
export interface RulesBeforeSave {
  refusal?: string;
  /** The warning to show once the documents with these keys are saved, if any of them breaks rules that warn. */
  warning(saved: readonly string[]): string[];
}

const more = (count: number): string => (count > 1 ? vscode.l10n.t(' (and {0} more)', count - 1) : '');

/**
 * A collection view's staged edits checked against the collection's rules (issue 33): each edited document's
 * violations at its cells as the user edits, and, before a save is sent, the documents the service would refuse
 * (strict or moderate rules that refuse) or keep with a warning.
 */
export class StagedRules {
  private check: RulesCheck | undefined;

  constructor(
    private readonly services: Services,
    private readonly session: TableSession,
  ) {}

  /** Reads the collection's rules again (the view opened or was refreshed; a save is about to be sent). */
  async load(): Promise<void> {
    this.check = this.session.source.pipeline ? undefined : await this.services.rulesSaveChecks.rulesOf(this.session.source);
  }

  /** The page's violations for the webview: per edited document on the page, each at its path, in the diagnostics' words. */
  pageFields(): { violations?: [string, CellViolation[]][]; rulesWarn?: boolean } {
    if (!this.check) return {};
    const onPage = new Set(this.session.documents.map(documentKey));
    const violations: [string, CellViolation[]][] = [];
    for (const key of this.session.staged.documentKeys()) {
      const found = onPage.has(key) ? this.shownViolations(key) : [];
      if (found.length > 0) violations.push([key, found.slice(0, 100).map((v) => ({ path: v.path, text: violationText(v) }))]);
    }
    return { violations, rulesWarn: this.check.rules.validationAction === 'warn' };
  }

  /** After an edit to the document `key`: the notice of its violations, cause first, and whether a save of it would be refused. */
  editNotice(key: string): { text: string; refused: boolean } | undefined {
    const found = this.shownViolations(key);
    const original = this.session.original(key);
    if (!this.check || !original || found.length === 0) return undefined;
    const refused = writeVerdict(this.check.rules, found, this.check.violations(original).length > 0) === 'refused';
    const text = `${displayId(original._id)}: ${violationText(found[0])}${more(found.length)}`;
    const action = refused ? vscode.l10n.t('Save would be refused.') : vscode.l10n.t('The rules warn; a save keeps it.');
    return { text: `${text}. ${action}`, refused };
  }

  /** Reads the rules again and checks every staged document as it would be stored: with the view's projection, the service's whole version edited. */
  async beforeSave(): Promise<RulesBeforeSave> {
    await this.load();
    const check = this.check;
    if (!check) return { warning: () => [] };
    const refused: string[] = [];
    const warned = new Map<string, string>();
    for (const key of this.session.staged.documentKeys()) {
      const { before, after } = await this.asStored(key);
      if (!before || !after) continue;
      const found = check.violations(after);
      const verdict = writeVerdict(check.rules, found, check.violations(before).length > 0);
      const line = found.length > 0 ? `${displayId(before._id)}: ${violationText(found[0])}` : '';
      if (verdict === 'refused') refused.push(line);
      if (verdict === 'warned') warned.set(key, line);
    }
    const { db, col } = this.session.source;
    return {
      refusal:
        refused.length === 0
          ? undefined
          : vscode.l10n.t(
              'Not saved: {0}{1}, which the rules of {2}.{3} refuse; nothing was sent. Your edits stay staged.',
              refused[0],
              more(refused.length),
              db,
              col,
            ),
      warning: (saved) => {
        const lines = saved.flatMap((key) => warned.get(key) ?? []);
        if (lines.length === 0) return [];
        return [
          vscode.l10n.t(
            'Saved with {0} rule warning(s): {1}. The rules of {2}.{3} warn rather than refuse.',
            lines.length,
            lines[0],
            db,
            col,
          ),
        ];
      },
    };
  }

  /** The violations of a staged document as the page shows it; with a projection, only those at the edited fields (the rest is not loaded). */
  private shownViolations(key: string): Violation[] {
    const original = this.session.original(key);
    const edits = this.session.staged.editsOf(key);
    if (!this.check || !original || edits.length === 0) return [];
    const shown = applyEdits(original, edits).document;
    if (!shown) return [];
    const found = this.check.violations(shown);
    if (this.session.state.fields.length === 0) return found;
    return found.filter((violation) => edits.some((edit) => concernsField(pathKeys(violation.path), edit.path)));
  }

  /** A staged document before and after its edits as the service would store it. */
  private async asStored(key: string): Promise<{ before?: JsonObject; after?: JsonObject }> {
    const original = this.session.original(key);
    const edits: readonly CellEdit[] = this.session.staged.editsOf(key);
    if (!original) return {};
    let before = original;
    if (this.session.state.fields.length > 0) {
      try {
        const client = await this.services.accounts.clientFor(this.session.source.accountId);
        before = (await client.getDocument(this.session.source.db, this.session.source.col, original._id)).document;
      } catch {
        // The save itself says what became of a document that cannot be read (gone, unreachable).
        return {};
      }
    }
    return { before, after: applyEdits(before, edits).document };
  }
}
