import * as vscode from 'vscode';
import { lookOf } from '../kit/accounts/accountLook';
import type { PlaygroundAccounts } from './playgroundAccounts';
import type { PlaygroundParses } from '../kit/playground/playgroundFiles';
import { isPlaygroundDocument } from '../kit/playground/playgroundFiles';
import { CommandId } from '../kit/feature/commandIds';
import { onDidChangeExplainAvailability } from '../kit/availability/explainAvailability';
import { onDidChangeAggregateAvailability } from '../kit/availability/aggregateAvailability';

/** Above each query: "Run" (or "Run update…"), "Explain" on a find, and the account and collection it runs against. */
export class PlaygroundCodeLenses implements vscode.CodeLensProvider {
  readonly onDidChangeCodeLenses: vscode.Event<void>;

  constructor(
    private readonly parses: PlaygroundParses,
    private readonly accounts: PlaygroundAccounts,
    /** Whether the account's service is known to have no explain (the lens is hidden then). */
    private readonly explainHidden: (accountId: string) => Promise<boolean>,
    /** Whether the account's service is known to have no aggregation (a pipeline's Run lens is hidden then). */
    private readonly aggregateHidden: (accountId: string) => Promise<boolean>,
  ) {
    this.onDidChangeCodeLenses = (listener, thisArg, disposables) => {
      const both = vscode.Disposable.from(
        accounts.onDidChange(listener, thisArg),
        onDidChangeExplainAvailability(listener, thisArg),
        onDidChangeAggregateAvailability(listener, thisArg),
      );
      disposables?.push(both);
      return both;
    };
  }

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    const lenses = await this.runAndTargetLenses(document);
    const hidden = new Map<string, Promise<boolean>>();
    const hiddenFor = (accountId: string) => {
      if (!hidden.has(accountId)) hidden.set(accountId, this.explainHidden(accountId));
      return hidden.get(accountId)!;
    };
    const explains = await Promise.all(
      lenses.map(async ([run, , account]) => {
        const [file, index] = run.command?.arguments ?? [];
        // A find whose account is not settled yet still offers Explain: it asks for the account as Run does.
        if (account === undefined || (account !== '' && (await hiddenFor(account)))) return undefined;
        const command = {
          title: vscode.l10n.t('$(search) Explain'),
          tooltip: vscode.l10n.t('How the service runs this query, and the index that would serve it'),
          command: CommandId.explainPlaygroundQuery,
          arguments: [file, index],
        };
        return new vscode.CodeLens(run.range, command);
      }),
    );
    const runs = await Promise.all(
      lenses.map(async ([run, , , pipelineAccount]) =>
        pipelineAccount && (await this.aggregateHidden(pipelineAccount)) ? undefined : run,
      ),
    );
    return lenses.flatMap(([, target], i) => [runs[i], explains[i], target].filter((lens): lens is vscode.CodeLens => lens !== undefined));
  }

  /**
   * Each query's Run and account lenses, with the id of the account a find runs against ('' while unsettled; undefined
   * for an update), and that of the settled account a pipeline runs against.
   */
  private async runAndTargetLenses(
    document: vscode.TextDocument,
  ): Promise<Array<[vscode.CodeLens, vscode.CodeLens | undefined, string | undefined, string | undefined]>> {
    if (!isPlaygroundDocument(document)) return [];
    const parsed = await this.parses.get(document);
    return parsed.entries.map((entry) => {
      const line = document.positionAt(entry.range.offset).line;
      const range = new vscode.Range(line, 0, line, 0);
      const request = entry.request;
      const problems = parsed.fileProblems.length + entry.problems.length;
      const run = new vscode.CodeLens(range, {
        title: request?.kind === 'update' ? vscode.l10n.t('$(edit) Run update…') : vscode.l10n.t('$(play) Run'),
        tooltip:
          problems > 0
            ? vscode.l10n.t('Fix the problems of the playground first: nothing is sent while it has any')
            : vscode.l10n.t('Run this query (Ctrl+Enter on it)'),
        command: CommandId.runPlaygroundQuery,
        arguments: [document.uri, entry.index],
      });
      if (!request) return [run, undefined, undefined, undefined];
      const account = this.accounts.settled(document.uri, request.account);
      const look = account && lookOf(account);
      const target = new vscode.CodeLens(range, {
        title: `$(${look?.icon ?? 'database'}) ${account ? account.label + (look?.suffix ?? '') : request.account ? vscode.l10n.t('no account "{0}"', request.account) : vscode.l10n.t('choose an account')} › ${request.database}.${request.collection}`,
        tooltip: request.account
          ? vscode.l10n.t('The account named by "account" in this query')
          : vscode.l10n.t('The account bound to this file: click to choose another'),
        command: CommandId.choosePlaygroundAccount,
        arguments: [document.uri],
      });
      return [
        run,
        target,
        request.kind === 'find' ? (account?.id ?? '') : undefined,
        request.kind === 'aggregate' ? account?.id : undefined,
      ];
    });
  }
}
