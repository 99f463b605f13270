import * as vscode from 'vscode';
import { lookOf } from '../shared/accountLook';
import type { PlaygroundAccounts } from './playgroundAccounts';
import type { PlaygroundParses } from '../shared/playgroundFiles';
import { isPlaygroundDocument } from '../shared/playgroundFiles';
import { CommandId } from '../shared/commandIds';

/** Above each query: "Run" (or "Run update…") and the account and collection it runs against. */
export class PlaygroundCodeLenses implements vscode.CodeLensProvider {
  readonly onDidChangeCodeLenses: vscode.Event<void>;

  constructor(
    private readonly parses: PlaygroundParses,
    private readonly accounts: PlaygroundAccounts,
  ) {
    this.onDidChangeCodeLenses = accounts.onDidChange;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!isPlaygroundDocument(document)) return [];
    const parsed = this.parses.get(document);
    return parsed.entries.flatMap((entry) => {
      const line = document.positionAt(entry.range.offset).line;
      const range = new vscode.Range(line, 0, line, 0);
      const request = entry.request;
      const problems = parsed.fileProblems.length + entry.problems.length;
      const run = new vscode.CodeLens(range, {
        title: request?.kind === 'update' ? '$(edit) Run update…' : '$(play) Run',
        tooltip:
          problems > 0 ? 'Fix the problems of the playground first: nothing is sent while it has any' : 'Run this query (Ctrl+Enter on it)',
        command: CommandId.runPlaygroundQuery,
        arguments: [document.uri, entry.index],
      });
      if (!request) return [run];
      const account = this.accounts.settled(document.uri, request.account);
      const look = account && lookOf(account);
      const target = new vscode.CodeLens(range, {
        title: `$(${look?.icon ?? 'database'}) ${account ? account.label + (look?.suffix ?? '') : request.account ? `no account "${request.account}"` : 'choose an account'} › ${request.database}.${request.collection}`,
        tooltip: request.account
          ? 'The account named by "account" in this query'
          : 'The account bound to this file: click to choose another',
        command: CommandId.choosePlaygroundAccount,
        arguments: [document.uri],
      });
      return [run, target];
    });
  }
}
