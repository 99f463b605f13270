import * as vscode from 'vscode';
import type { Services } from '../../services';
import { CommandId } from '../../kit/feature/commandIds';
import { DOCUMENT_SCHEME } from '../../kit/targets/documentUri';
import type { HeldVersionOf, SaveProblem } from '../saveCheck';
import { findSaveProblem, sendProblem } from '../saveCheck';
import type { SaveConflict } from '../saveConflict';
import { findSaveConflict } from '../saveConflict';

const GO_TO_PROBLEM = vscode.l10n.t('Go to Problem');
const ACCOUNT_SETTINGS = vscode.l10n.t('Account Settings…');

/** What the command needs of the document file system. */
export interface DocumentSaving {
  heldVersion: HeldVersionOf;
  /** Sends the update before VS Code saves: true when sent, false when VS Code's own save decides; throws its failure. */
  sendBeforeSave(uri: vscode.Uri, text: string): Promise<boolean>;
  /** Offers Merge… (dist/documentMerge.mjs) or VS Code's own choice: 'vscode' lets VS Code's save decide. */
  offerMerge(uri: vscode.Uri, conflict: SaveConflict): Promise<'vscode' | 'waiting'>;
}

/** The text changed while it was checked: checked again, a few times at most, before VS Code writes it. */
const MAX_CHECKS = 3;

/**
 * Ctrl+S / Cmd+S on a DB Host document: checks first what would make the write fail and, when something
 * would, says so once, cause first, and leaves the edit in the dirty editor; otherwise VS Code saves as
 * usual (its own save keeps the "file is newer" choice). VS Code's own failure notice names the file by its
 * internal address and puts the cause last, so a save that can be known to fail is never handed to it, and the
 * update itself is sent first: a refusal, a service that stops answering or a Confirm-writes question answered
 * Cancel is said once, here, and VS Code's save then only records what was sent. A save that meets a change made on
 * the service to a field the user changed too offers Merge… (the three-way merge view) or VS Code's own choice.
 */
export async function saveDocument(services: Services, saving: DocumentSaving, arg?: unknown): Promise<void> {
  const document = documentToSave(arg);
  if (!document || document.uri.scheme !== DOCUMENT_SCHEME || !document.isDirty) {
    await vscode.commands.executeCommand('workbench.action.files.save');
    return;
  }
  for (let check = 1; ; check++) {
    const version = document.version;
    const problem = await findSaveProblem(services, document.uri, document.getText(), saving.heldVersion);
    if (problem) return refused(services, document, problem);
    if (document.version === version || check === MAX_CHECKS) break;
  }
  const conflict = await findConflict(services, saving, document);
  if ('problem' in conflict) return refused(services, document, conflict.problem);
  if (conflict.found && (await saving.offerMerge(document.uri, conflict.found)) === 'waiting') return;
  const failure = await trySending(services, saving, document.uri, document.getText());
  if (failure) return refused(services, document, failure);
  await document.save();
}

async function trySending(services: Services, saving: DocumentSaving, uri: vscode.Uri, text: string): Promise<SaveProblem | undefined> {
  try {
    await saving.sendBeforeSave(uri, text);
    return undefined;
  } catch (error) {
    return sendProblem(services, uri, error);
  }
}

async function findConflict(
  services: Services,
  saving: DocumentSaving,
  document: vscode.TextDocument,
): Promise<{ found?: SaveConflict } | { problem: SaveProblem }> {
  try {
    return { found: await findSaveConflict(services, document.uri, document.getText(), saving.heldVersion(document.uri)) };
  } catch (error) {
    return { problem: sendProblem(services, document.uri, error) };
  }
}

function refused(services: Services, document: vscode.TextDocument, problem: SaveProblem): void {
  void showProblem(services, document, problem);
}

function documentToSave(arg: unknown): vscode.TextDocument | undefined {
  if (arg instanceof vscode.Uri) return vscode.workspace.textDocuments.find((document) => document.uri.toString() === arg.toString());
  return vscode.window.activeTextEditor?.document;
}

async function showProblem(services: Services, document: vscode.TextDocument, problem: SaveProblem): Promise<void> {
  const actions = [...(problem.offset !== undefined ? [GO_TO_PROBLEM] : []), ...(problem.accountId ? [ACCOUNT_SETTINGS] : [])];
  const action = await services.prompts.error(problem.message, ...actions);
  if (action === GO_TO_PROBLEM && problem.offset !== undefined) {
    const position = document.positionAt(problem.offset);
    await vscode.window.showTextDocument(document, { selection: new vscode.Range(position, position) });
  } else if (action === ACCOUNT_SETTINGS && problem.accountId) {
    await vscode.commands.executeCommand(CommandId.accountSettings, { accountId: problem.accountId });
  }
}
