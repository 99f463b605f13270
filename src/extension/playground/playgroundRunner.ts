import * as vscode from 'vscode';
import { isServiceError } from '../../core/api/serviceError';
import type { DbHostApi } from '../../core/api/types';
import { fetchPage, firstSkip, nextPageSkip, pageSize, previousPageSkip } from '../../core/playground/playgroundCalls';
import { pipelineWrite } from '../../core/aggregation/pipelineWrite';
import type { PagedRequest, PlaygroundEntry, PlaygroundRequest, UpdateRequest } from '../../core/playground/playgroundRequest';
import type { QueryRun } from '../../core/playground/queryHistoryEntries';
import { entryAt } from '../../core/playground/playgroundRequest';
import { renderFindResults, renderUpdateResults } from '../../core/playground/resultsText';
import { describeMatches } from '../../core/playground/describeMatches';
import { accountTitle, modeOf } from '../../core/guardrails/accountGuardrails';
import type { Account } from '../kit/accounts/account';
import { guardrailsBundle } from '../kit/lazy/loadGuardrails';
import { UserCancelledError } from '../base/registerCommand';
import type { Services } from '../services';
import type { PlaygroundAccounts } from './playgroundAccounts';
import { UnknownAccountLabelError } from './playgroundAccounts';
import type { PlaygroundDiagnostics } from './playgroundDiagnostics';
import type { PlaygroundParses } from '../kit/playground/playgroundFiles';
import { isPlaygroundDocument } from '../kit/playground/playgroundFiles';
import type { FindResultsState, ResultsDocuments } from './resultsDocuments';
import { RESULTS_SCHEME } from './resultsDocuments';
import { bulkChangesBundle } from '../kit/lazy/loadBulkChanges';
import { isAggregateAbsent, markAggregateAbsent } from '../kit/availability/aggregateAvailability';

/** What a run that reached the service tells the query history. */
type RunTally = Pick<QueryRun, 'count' | 'elapsedMs'>;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Runs the queries of playgrounds and pages through their results. */
export class PlaygroundRunner {
  private readonly ran = new vscode.EventEmitter<QueryRun>();
  /** Each query run (not each page turned), for the query history. */
  readonly onDidRun = this.ran.event;

  constructor(
    private readonly services: Services,
    private readonly parses: PlaygroundParses,
    private readonly diagnostics: PlaygroundDiagnostics,
    private readonly accounts: PlaygroundAccounts,
    private readonly results: ResultsDocuments,
  ) {}

  /** Runs query `index` of the playground `file`, or without arguments the query under the cursor. */
  async run(file?: unknown, index?: unknown): Promise<void> {
    const { document, entry } = await this.locate(file, index);
    const parsed = await this.parses.get(document);
    const problemCount = parsed.fileProblems.length + entry.problems.length;
    if (problemCount > 0 || !entry.request) {
      const where = parsed.fileProblems.length > 0 ? 'The playground has' : 'This query has';
      void this.services.prompts.warn(
        vscode.l10n.t('{0} {1} (see the Problems view). Nothing was sent.', where, plural(problemCount, 'problem')),
      );
      return;
    }
    const request = entry.request;
    const account = await this.accountFor(document, entry, request.account);
    const write = request.kind === 'aggregate' ? pipelineWrite(request.pipeline) : undefined;
    if ((request.kind === 'update' || write) && modeOf(account) === 'readOnly') {
      const refusal = write ? guardrailsBundle().pipelineWriteRefusal(account, write) : guardrailsBundle().updateRefusal(account);
      this.diagnostics.showRunFailure(document, entry, refusal);
      throw new Error(refusal);
    }
    if (write && request.kind === 'aggregate' && !(await guardrailsBundle().confirmPipelineWrite(this.services, account, request, write)))
      return;
    const client = await this.services.accounts.clientFor(account.id);
    this.diagnostics.clearRunFailure(document, entry);
    try {
      // The question above is the write's confirmation: a Confirm-writes account does not ask again.
      await (write
        ? this.services.accounts.withConfirmedClient(account.id, (confirmedClient) =>
            this.runRequest(document.uri, account, request, confirmedClient),
          )
        : this.runRequest(document.uri, account, request, client));
    } catch (error) {
      if (request.kind === 'aggregate' && isAggregateAbsent(error, (failure) => this.services.logger.describe(failure))) {
        markAggregateAbsent(client);
        void this.services.prompts.info(
          vscode.l10n.t(
            'The service of "{0}" does not offer aggregation pipelines, so Run and Preview to here on its pipelines are hidden.',
            account.label,
          ),
        );
        return;
      }
      if (isServiceError(error) && error.kind === 'http') {
        // The service names a pipeline's failing stage, "stage 2 ($group): …": it is shown at that stage.
        const stage = /^stage (\d+)\b/i.exec(error.serviceMessage ?? '')?.[1];
        this.diagnostics.showRunFailure(
          document,
          entry,
          vscode.l10n.t('The service refused the query: {0}', error.serviceMessage ?? error.message),
          (stage && entry.stageRanges?.[Number(stage) - 1]) || entry.errorAnchor,
        );
      }
      throw error;
    }
  }

  /** Runs a request, from a playground or from the query history, and shows its results as those of `playground`. */
  async runRequest(playground: vscode.Uri, account: Account, request: PlaygroundRequest, client?: DbHostApi): Promise<void> {
    client ??= await this.services.accounts.clientFor(account.id);
    const tally =
      request.kind === 'update'
        ? await this.update(playground, account, request)
        : await this.find(playground, account, client, request, firstSkip(request));
    if (tally) this.ran.fire({ request, accountLabel: account.label, ...tally });
  }

  /** Shows the next or previous page of the results document `results` (default: the active editor's). */
  async page(direction: 'next' | 'previous', results?: unknown): Promise<void> {
    const uri =
      results instanceof vscode.Uri
        ? results
        : typeof results === 'string'
          ? vscode.Uri.parse(results)
          : vscode.window.activeTextEditor?.document.uri;
    const state = uri?.scheme === RESULTS_SCHEME ? this.results.stateOf(uri) : undefined;
    if (!uri || !state) throw new Error(vscode.l10n.t('Open the results of a query to page through them.'));
    if (state.kind !== 'find') throw new Error(vscode.l10n.t('The results of an update have no pages.'));
    const position = { skip: state.skip, shown: state.page.documents.length, total: state.page.total, limit: pageSize(state.request) };
    const skip = direction === 'next' ? nextPageSkip(position) : previousPageSkip(position);
    if (skip === undefined) {
      void this.services.prompts.info(
        direction === 'next' ? vscode.l10n.t('This is the last page.') : vscode.l10n.t('This is the first page.'),
      );
      return;
    }
    const account = this.services.accounts.require(state.accountId);
    const client = await this.services.accounts.clientFor(account.id);
    await this.find(vscode.Uri.parse(uri.query), account, client, state.request, skip);
  }

  private async locate(file: unknown, index: unknown): Promise<{ document: vscode.TextDocument; entry: PlaygroundEntry }> {
    if (file !== undefined) {
      const uri = file instanceof vscode.Uri ? file : vscode.Uri.parse(String(file));
      const document = await vscode.workspace.openTextDocument(uri);
      const entries = (await this.parses.get(document)).entries;
      const entry = typeof index === 'number' ? entries.find((candidate) => candidate.index === index) : entries[0];
      if (!entry) throw new Error(vscode.l10n.t('That query is no longer in the playground: it changed since the CodeLens was shown.'));
      return { document, entry };
    }
    const editor = vscode.window.activeTextEditor;
    if (!editor || !isPlaygroundDocument(editor.document))
      throw new Error(vscode.l10n.t('Open a query playground (a .query.json file) to run a query.'));
    const entry = entryAt(await this.parses.get(editor.document), editor.document.offsetAt(editor.selection.active));
    if (!entry) {
      void this.services.prompts.warn(vscode.l10n.t('The playground holds no query to run (see the Problems view). Nothing was sent.'));
      throw new UserCancelledError();
    }
    return { document: editor.document, entry };
  }

  private async accountFor(document: vscode.TextDocument, entry: PlaygroundEntry, label: string | undefined): Promise<Account> {
    try {
      return await this.accounts.resolve(document.uri, label, this.services.prompts);
    } catch (error) {
      if (error instanceof UnknownAccountLabelError && entry.accountRange) {
        this.diagnostics.showRunFailure(document, entry, error.message, entry.accountRange);
      }
      throw error;
    }
  }

  private async find(playground: vscode.Uri, account: Account, client: DbHostApi, request: PagedRequest, skip: number): Promise<RunTally> {
    const started = performance.now();
    const page = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Querying {0}.{1}', request.database, request.collection) },
      () => fetchPage(client, request, skip),
    );
    const elapsedMs = performance.now() - started;
    const rendered = renderFindResults({ accountLabel: accountTitle(account.label, account.tag), request, skip, page, elapsedMs });
    const state: FindResultsState = { kind: 'find', accountId: account.id, accountLabel: account.label, request, skip, page, rendered };
    const resultsUri = this.results.uriFor(playground);
    await this.results.show(resultsUri, state);
    return { count: page.total ?? page.documents.length, elapsedMs };
  }

  /** Undefined when nothing was sent (declined, or nothing to change). */
  private async update(playground: vscode.Uri, account: Account, request: UpdateRequest): Promise<RunTally | undefined> {
    const started = performance.now();
    const { criteria, object } = request.update;
    const update = {
      accountId: account.id,
      db: request.database,
      col: request.collection,
      criteria,
      object,
      multi: request.update.multi ?? false,
      upsert: request.update.upsert ?? false,
    };
    const outcome = await (
      await bulkChangesBundle()
    ).runBulkUpdate(this.services, update, (preview) => {
      const effect = describeMatches(request, preview.matched);
      return { message: effect.message, detail: vscode.l10n.t('Account: {0}\n{1}', account.label, effect.detail) };
    });
    const matched = outcome.preview.matched;
    if (!outcome.sent) return undefined;
    const elapsedMs = performance.now() - started;
    const resultsUri = this.results.uriFor(playground);
    await this.results.show(resultsUri, {
      kind: 'update',
      text: renderUpdateResults({
        accountLabel: accountTitle(account.label, account.tag),
        request,
        matched,
        answer: outcome.answer!,
        elapsedMs,
      }),
    });
    return { count: matched, elapsedMs };
  }
}
