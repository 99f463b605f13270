import * as vscode from 'vscode';
import { fetchPage, firstSkip, nextPageSkip, pageSize, previousPageSkip } from '../../core/playground/playgroundCalls';
import type { PlaygroundEntry } from '../../core/playground/playgroundRequest';
import type { RenderedRunAll, RunAllSection } from '../../core/playground/runAllText';
import { renderRunAll } from '../../core/playground/runAllText';
import { pipelineWrite } from '../../core/aggregation/pipelineWrite';
import type { Account } from '../kit/accounts/account';
import { Disposable } from '../base/disposable';
import type { HeldDocuments } from '../base/heldDocuments';
import type { ResourceTarget } from '../base/resourceTarget';
import type { Services } from '../services';
import { UnknownAccountLabelError } from './playgroundAccounts';
import type { QueryHistory } from './queryHistory';
import { isPlaygroundDocument, PLAYGROUND_SUFFIX } from '../kit/playground/playgroundFiles';
import type { PlaygroundParts } from './playgroundParts';
import { CommandId } from '../kit/feature/commandIds';
import { openDocumentLens } from './openDocumentLens';

export const RUN_ALL_SCHEME = 'dbhost-run-all';

interface RunAllState {
  playgroundName: string;
  sections: RunAllSection[];
  /** Per section, the account it ran against. */
  accountIds: (string | undefined)[];
  rendered: RenderedRunAll;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * Runs every query of a playground, one after the other, and shows one section per query in a single
 * read-only document beside it, each section with its own paging. Bulk updates are left to their own
 * Run lens: they ask before changing anything, one by one.
 */
export class RunAll extends Disposable implements vscode.CodeLensProvider {
  /** The state of each Run All document, let go when it closes. */
  private readonly states: HeldDocuments<RunAllState>;
  constructor(
    private readonly services: Services,
    private readonly playground: PlaygroundParts,
    private readonly history: QueryHistory,
    /** Fired when the lenses of a Run All document change (the extension's stand-in provider listens). */
    private readonly lensesChanged: vscode.EventEmitter<void>,
  ) {
    super();
    this.states = this.register(
      services.virtualDocuments.held<RunAllState>({
        scheme: RUN_ALL_SCHEME,
        text: (state) => state.rendered.text,
        gone: vscode.l10n.t('// These results are no longer available: use Run All again in the playground.\n'),
      }),
    );
  }

  uriFor(playground: vscode.Uri): vscode.Uri {
    const name = playground.path.split('/').pop() ?? 'playground';
    const base = name.toLowerCase().endsWith(PLAYGROUND_SUFFIX) ? name.slice(0, -PLAYGROUND_SUFFIX.length) : name;
    return vscode.Uri.from({ scheme: RUN_ALL_SCHEME, path: `/${base} all results.jsonc`, query: playground.toString() });
  }

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    if (document.uri.scheme === RUN_ALL_SCHEME) return this.resultLenses(document.uri);
    if (!isPlaygroundDocument(document)) return [];
    const entries = (await this.playground.parses.get(document)).entries;
    if (entries.length < 2) return [];
    const line = document.positionAt(entries[0]?.range.offset ?? 0).line;
    return [
      new vscode.CodeLens(new vscode.Range(line, 0, line, 0), {
        title: vscode.l10n.t('$(run-all) Run All ({0})', entries.length),
        tooltip: vscode.l10n.t('Run every query of this playground and show each result'),
        command: CommandId.runAllPlaygroundQueries,
        arguments: [document.uri],
      }),
    ];
  }

  /** Runs every query of the playground `file` (default: the active editor's). */
  async run(file?: unknown): Promise<void> {
    const uri =
      file instanceof vscode.Uri ? file : typeof file === 'string' ? vscode.Uri.parse(file) : vscode.window.activeTextEditor?.document.uri;
    if (!uri) throw new Error(vscode.l10n.t('Open a query playground (a .query.json file) to run its queries.'));
    const document = await vscode.workspace.openTextDocument(uri);
    if (!isPlaygroundDocument(document))
      throw new Error(vscode.l10n.t('Run All runs the queries of a query playground (a .query.json file).'));
    const parsed = await this.playground.parses.get(document);
    if (parsed.entries.length === 0)
      throw new Error(vscode.l10n.t('The playground holds no query to run (see the Problems view). Nothing was sent.'));
    const sections: RunAllSection[] = [];
    const accountIds: (string | undefined)[] = [];
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Running every query of the playground') },
      async () => {
        for (const entry of parsed.entries) {
          const { section, accountId } = await this.runEntry(uri, entry, parsed.fileProblems.length);
          sections.push(section);
          accountIds.push(accountId);
        }
      },
    );
    const resultsUri = this.uriFor(uri);
    const state: RunAllState = {
      playgroundName: uri.path.split('/').pop() ?? 'playground',
      sections,
      accountIds,
      rendered: renderRunAll(uri.path.split('/').pop() ?? 'playground', sections),
    };
    await this.show(resultsUri, state);
  }

  /** Shows the next or previous page of one section of a Run All document. */
  async page(results: unknown, position: unknown, direction: unknown): Promise<void> {
    const uri = results instanceof vscode.Uri ? results : vscode.Uri.parse(String(results));
    const state = this.states.stateOf(uri);
    const section = typeof position === 'number' ? state?.sections[position] : undefined;
    const accountId = typeof position === 'number' ? state?.accountIds[position] : undefined;
    if (!state || section?.kind !== 'page' || accountId === undefined)
      throw new Error(vscode.l10n.t('These results are no longer available: use Run All again in the playground.'));
    const skip = direction === 'previous' ? previousPageSkip(positionOf(section)) : nextPageSkip(positionOf(section));
    if (skip === undefined) return;
    const client = await this.services.accounts.clientFor(accountId);
    const started = performance.now();
    const page = await fetchPage(client, section.request, skip);
    state.sections[position as number] = { ...section, skip, page, elapsedMs: performance.now() - started };
    await this.show(uri, { ...state, rendered: renderRunAll(state.playgroundName, state.sections) });
  }

  private async runEntry(
    file: vscode.Uri,
    entry: PlaygroundEntry,
    fileProblems: number,
  ): Promise<{ section: RunAllSection; accountId?: string }> {
    const index = entry.index;
    const request = entry.request;
    const problems = fileProblems + entry.problems.length;
    if (problems > 0 || !request)
      return {
        section: {
          kind: 'skipped',
          index,
          reason: vscode.l10n.t(
            '{0} {1} (see the Problems view)',
            fileProblems > 0 ? 'the playground has' : 'the query has',
            plural(problems, 'problem'),
          ),
        },
      };
    if (request.kind === 'update' || (request.kind === 'aggregate' && pipelineWrite(request.pipeline)))
      return {
        section: {
          kind: 'skipped',
          index,
          request,
          reason:
            request.kind === 'update'
              ? vscode.l10n.t('a bulk update runs only from its own Run lens, which asks first')
              : vscode.l10n.t('a pipeline that writes ($out, $merge) runs only from its own Run lens, which asks first'),
        },
      };
    let account: Account;
    try {
      account = await this.playground.accounts.resolve(file, request.account, this.services.prompts);
    } catch (error) {
      if (error instanceof UnknownAccountLabelError) return { section: { kind: 'failed', index, request, message: error.message } };
      throw error;
    }
    const started = performance.now();
    try {
      const client = await this.services.accounts.clientFor(account.id);
      const page = await fetchPage(client, request, firstSkip(request));
      const elapsedMs = performance.now() - started;
      this.history.record({ request, accountLabel: account.label, count: page.total ?? page.documents.length, elapsedMs });
      return {
        section: { kind: 'page', index, request, accountLabel: account.label, skip: firstSkip(request), page, elapsedMs },
        accountId: account.id,
      };
    } catch (error) {
      return { section: { kind: 'failed', index, request, message: this.services.logger.describe(error) } };
    }
  }

  private resultLenses(uri: vscode.Uri): vscode.CodeLens[] {
    const state = this.states.stateOf(uri);
    if (!state) return [];
    const lenses: vscode.CodeLens[] = [];
    state.sections.forEach((section, position) => {
      if (section.kind !== 'page') return;
      const line = state.rendered.headings[position] ?? 0;
      const range = new vscode.Range(line, 0, line, 0);
      const here = positionOf(section);
      if (previousPageSkip(here) !== undefined)
        lenses.push(
          new vscode.CodeLens(range, {
            title: vscode.l10n.t('$(arrow-left) Previous page'),
            command: CommandId.pageRunAllResults,
            arguments: [uri, position, 'previous'],
          }),
        );
      if (nextPageSkip(here) !== undefined)
        lenses.push(
          new vscode.CodeLens(range, {
            title: vscode.l10n.t('$(arrow-right) Next page'),
            command: CommandId.pageRunAllResults,
            arguments: [uri, position, 'next'],
          }),
        );
    });
    for (const { section, line, id } of state.rendered.documents) {
      const found = state.sections[section];
      const accountId = state.accountIds[section];
      if (id === undefined || found?.kind !== 'page' || found.request.kind !== 'find' || accountId === undefined) continue;
      const target: ResourceTarget = { accountId, db: found.request.database, col: found.request.collection, docId: id };
      lenses.push(openDocumentLens(line, target));
    }
    return lenses;
  }

  private async show(uri: vscode.Uri, state: RunAllState): Promise<void> {
    const shown = this.states.show(uri, state);
    this.lensesChanged.fire();
    await shown;
  }
}

const positionOf = (section: RunAllSection & { kind: 'page' }) => ({
  skip: section.skip,
  shown: section.page.documents.length,
  total: section.page.total,
  limit: pageSize(section.request),
});
