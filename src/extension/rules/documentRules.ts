import * as vscode from 'vscode';
import type { CollectionRules } from '../../core/api/collectionRules';
import { isJsonObject, parseLossless } from '../../core/json/lossless';
import { violationRange } from '../../core/rules/violationPlaces';
import { violationFixes } from '../../core/rules/violationFixes';
import { violationText } from '../../core/rules/rulesVerdict';
import type { Violation } from '../../core/validation/rulesTypes';
import { Disposable } from '../base/disposable';
import type { Services } from '../services';
import { DOCUMENT_SCHEME, isFolderPath, isNewDocumentUri, parseDocumentUri, parseNewDocumentUri } from '../kit/targets/documentUri';
import type { RulesCheck as Checker } from '../kit/writes/rulesSaveCheck';
import { readRulesCheck } from './readRulesCheck';
import type { RulesAddress } from './rulesUri';

export const RULES_SOURCE = 'dbhost rules';
const keyOf = (target: RulesAddress) => JSON.stringify([target.accountId, target.db, target.col]);

/** The collection a `dbhost:` document (saved or new) belongs to. */
export function collectionOf(uri: vscode.Uri): RulesAddress | undefined {
  if (uri.scheme !== DOCUMENT_SCHEME || isFolderPath(uri)) return undefined;
  try {
    const { accountId, db, col } = isNewDocumentUri(uri) ? parseNewDocumentUri(uri) : parseDocumentUri(uri);
    return { accountId, db, col };
  } catch {
    return undefined;
  }
}

/**
 * The rules of the collections whose documents are edited as files: each violation a diagnostic at its field, cause
 * first, as the user types; the check a save asks before sending. Rules are read when a document of the
 * collection opens and again after they are saved from their file.
 */
export class DocumentRules extends Disposable {
  private readonly diagnostics = this.register(vscode.languages.createDiagnosticCollection(RULES_SOURCE));
  private readonly checkers = new Map<string, Promise<Checker | undefined>>();

  constructor(private readonly services: Services) {
    super();
  }

  /** Reads the collection's rules again (a document opened, its rules saved), then checks its open documents. */
  reload(collection: RulesAddress): void {
    this.checkers.delete(keyOf(collection));
    for (const document of vscode.workspace.textDocuments)
      if (collectionOf(document.uri) && keyOf(collectionOf(document.uri)!) === keyOf(collection)) void this.update(document);
  }

  /** A document of the collection opened: its rules are read again, and every open document of it checked. */
  reloadFor(uri: vscode.Uri): void {
    const collection = collectionOf(uri);
    if (collection) this.reload(collection);
  }

  async update(document: vscode.TextDocument): Promise<void> {
    const collection = collectionOf(document.uri);
    if (!collection) return;
    const checker = await this.checkerOf(collection);
    const text = document.getText();
    const found = checker ? violationsIn(checker, text) : [];
    if (document.isClosed || document.getText() !== text) return;
    const severity = checker?.rules.validationAction === 'warn' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Error;
    this.diagnostics.set(
      document.uri,
      found.map((violation) => {
        const range = violationRange(text, violation.path) ?? { offset: 0, length: 1 };
        const where = new vscode.Range(document.positionAt(range.offset), document.positionAt(range.offset + range.length));
        const diagnostic = new vscode.Diagnostic(where, violationText(violation), severity);
        diagnostic.source = RULES_SOURCE;
        diagnostic.code = violation.rule;
        return diagnostic;
      }),
    );
  }

  /** The quick fixes of the violations at `range`: convert a number written as a string, add a required field. */
  async fixes(document: vscode.TextDocument, range: vscode.Range): Promise<vscode.CodeAction[]> {
    const collection = collectionOf(document.uri);
    const checker = collection && (await this.checkerOf(collection));
    if (!checker) return [];
    const text = document.getText();
    return violationsIn(checker, text).flatMap((violation) => {
      const place = violationRange(text, violation.path);
      if (!place) return [];
      const where = new vscode.Range(document.positionAt(place.offset), document.positionAt(place.offset + place.length));
      if (!where.intersection(range)) return [];
      return violationFixes(text, violation, checker.rules.validator).map((fix) => {
        const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
        action.edit = new vscode.WorkspaceEdit();
        for (const edit of fix.edits)
          action.edit.replace(
            document.uri,
            new vscode.Range(document.positionAt(edit.offset), document.positionAt(edit.offset + edit.length)),
            edit.content,
          );
        return action;
      });
    });
  }

  /** After a save under rules that warn: says once that the service kept the document with warnings. */
  async afterSave(document: vscode.TextDocument): Promise<void> {
    const collection = collectionOf(document.uri);
    const checker = collection && (await this.checkerOf(collection));
    if (!checker || checker.rules.validationAction !== 'warn') return;
    const found = violationsIn(checker, document.getText());
    if (found.length === 0) return;
    void this.services.prompts.warn(
      vscode.l10n.t(
        'Saved with {0} rule warning(s): {1}. The rules of {2}.{3} warn rather than refuse.',
        found.length,
        found[0].message,
        collection.db,
        collection.col,
      ),
    );
  }

  forget(uri: vscode.Uri): void {
    this.diagnostics.delete(uri);
  }

  /** The rules a document's diagnostics were found with, for its quick fixes. */
  async rulesOf(uri: vscode.Uri): Promise<CollectionRules | undefined> {
    const collection = collectionOf(uri);
    return collection ? (await this.checkerOf(collection))?.rules : undefined;
  }

  /** Why saving `text` would be refused by strict, refusing rules: the first violation, cause first; nothing is sent then. */
  async refusal(uri: vscode.Uri, text: string): Promise<string | undefined> {
    const collection = collectionOf(uri);
    // Read at the save, not from when the editor opened: rules changed since on the service decide.
    if (collection) this.checkers.delete(keyOf(collection));
    const checker = collection && (await this.checkerOf(collection));
    if (!checker || checker.rules.validationLevel !== 'strict' || checker.rules.validationAction !== 'error') return undefined;
    const found = violationsIn(checker, text);
    if (found.length === 0) return undefined;
    const more = found.length > 1 ? vscode.l10n.t(' (and {0} more in the Problems view)', found.length - 1) : '';
    return vscode.l10n.t(
      'Not saved: {0}{1}, which the rules of {2}.{3} refuse (rule: {4}). Your edit stays in the editor.',
      found[0].message,
      more,
      collection.db,
      collection.col,
      found[0].rule,
    );
  }

  private checkerOf(collection: RulesAddress): Promise<Checker | undefined> {
    const key = keyOf(collection);
    let checker = this.checkers.get(key);
    if (!checker) {
      checker = this.load(collection);
      this.checkers.set(key, checker);
    }
    return checker;
  }

  private load(collection: RulesAddress): Promise<Checker | undefined> {
    return readRulesCheck(this.services, collection);
  }
}

/** The violations of a document's text; none while it is not one JSON object (its syntax is reported apart) or too big to check. */
function violationsIn(checker: Checker, text: string): Violation[] {
  try {
    const document = parseLossless(text);
    return isJsonObject(document) ? checker.violations(document) : [];
  } catch {
    return [];
  }
}
