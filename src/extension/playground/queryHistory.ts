import { randomUuid } from '../../core/text/webRandom';
import * as vscode from 'vscode';
import type { HistoryEntry, QueryRun } from '../../core/playground/queryHistoryEntries';
import { describeRun, historyEntryOf, historyPlaygroundText, validEntries, withEntry } from '../../core/playground/queryHistoryEntries';
import { formatAge } from '../../core/schema/schemaText';
import type { Services } from '../services';
import { playgroundParser } from '../kit/lazy/loadPlaygroundParser';
import { PLAYGROUND_SUFFIX } from '../kit/playground/playgroundFiles';
import type { PlaygroundParts } from './playgroundParts';

const STATE_KEY = 'dbhost.queryHistory';

/**
 * Every query run in this workspace, newest first, kept in the workspace's state: the query, the
 * account's label (never its key), the collection, when, how many documents and how long. Shown as a
 * quick pick (Show Query History…), to run one again or open it as a new playground.
 */
export class QueryHistory {
  constructor(
    private readonly services: Services,
    private readonly playground: PlaygroundParts,
  ) {}

  entries(): HistoryEntry[] {
    return validEntries(this.services.context.workspaceState.get(STATE_KEY));
  }

  record(run: QueryRun): void {
    const entry = historyEntryOf(run, Date.now(), randomUuid());
    void this.services.context.workspaceState.update(STATE_KEY, withEntry(this.entries(), entry));
  }

  /** Runs the entry's query again against the account of that label; its results show beside, as a playground's do. */
  async rerun(entry: HistoryEntry): Promise<void> {
    const parsed = (await playgroundParser())(entry.queryText);
    const request = parsed.entries[0]?.request;
    if (!request)
      throw new Error(
        vscode.l10n.t('The query from the history can no longer run: {0}.', parsed.entries[0]?.problems[0]?.message ?? 'it does not parse'),
      );
    const account = this.services.accounts.list().find((candidate) => candidate.label === entry.accountLabel);
    if (!account)
      throw new Error(
        vscode.l10n.t(
          'No DB Host account is labelled {0} any more: open the query as a playground and choose an account.',
          JSON.stringify(entry.accountLabel),
        ),
      );
    const playground = vscode.Uri.from({ scheme: 'untitled', path: `query history${PLAYGROUND_SUFFIX}` });
    await this.playground.runner.runRequest(playground, account, request);
  }

  /** Opens the entry's query as a new untitled playground. */
  async open(entry: HistoryEntry): Promise<void> {
    const taken = new Set(vscode.workspace.textDocuments.map((document) => document.uri.toString()));
    let uri: vscode.Uri;
    for (let n = 1; ; n++) {
      uri = vscode.Uri.from({
        scheme: 'untitled',
        path: `${entry.collection.replace(/[\\/:*?"<>|]/g, '_')}-history${n === 1 ? '' : `-${n}`}${PLAYGROUND_SUFFIX}`,
      });
      if (!taken.has(uri.toString())) break;
    }
    let document = await vscode.workspace.openTextDocument(uri);
    if (document.languageId !== 'jsonc') document = await vscode.languages.setTextDocumentLanguage(document, 'jsonc');
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), historyPlaygroundText(entry)));
  }

  /** The history as a quick pick: choose a run, then run it again or open it as a playground. */
  async pick(): Promise<void> {
    const entries = this.entries();
    if (entries.length === 0) {
      void this.services.prompts.info(
        vscode.l10n.t('No query has run in this workspace yet: run one from a playground and it appears here.'),
      );
      return;
    }
    const prompts = this.services.prompts;
    const entry = await prompts.pick(
      entries.map((candidate) => ({
        label: `${candidate.database}.${candidate.collection}`,
        description: vscode.l10n.t(
          '{0} · {1} · account "{2}"',
          describeRun(candidate),
          formatAge(Date.now() - candidate.at),
          candidate.accountLabel,
        ),
        detail: candidate.queryText,
        value: candidate,
      })),
      {
        title: vscode.l10n.t('Query History'),
        placeHolder: vscode.l10n.t('Choose a query this workspace ran, newest first'),
        matchOnDetail: true,
      },
    );
    if (!entry) return;
    const action = await prompts.pick(
      [
        {
          label: vscode.l10n.t('$(play) Run Again'),
          description: vscode.l10n.t('on account "{0}"', entry.accountLabel),
          value: 'rerun' as const,
        },
        { label: vscode.l10n.t('$(new-file) Open as Playground'), value: 'open' as const },
      ],
      { title: `${entry.database}.${entry.collection}`, placeHolder: entry.queryText },
    );
    if (action === 'rerun') await this.rerun(entry);
    else if (action === 'open') await this.open(entry);
  }

  /** Forgets every run of this workspace, after asking. */
  async clear(): Promise<void> {
    const count = this.entries().length;
    if (count === 0) return;
    const confirmed = await this.services.prompts.confirm(
      vscode.l10n.t('Clear the query history of this workspace ({0} run{1})?', count, count === 1 ? '' : 's'),
      {
        detail: vscode.l10n.t('The queries in it cannot be brought back. Playground files are not touched.'),
        confirmLabel: vscode.l10n.t('Clear History'),
      },
    );
    if (!confirmed) return;
    await this.services.context.workspaceState.update(STATE_KEY, []);
  }
}
