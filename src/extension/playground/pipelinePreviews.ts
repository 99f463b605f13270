import * as vscode from 'vscode';
import { pipelineWrite } from '../../core/aggregation/pipelineWrite';
import type { PreviewInput, StagePreview, StagePreviewPlan } from '../../core/aggregation/stagePreview';
import {
  PREVIEW_SAMPLE_SIZE,
  PREVIEW_SHOWN,
  inputOfProbe,
  renderStagePreview,
  stagePreviewPlan,
} from '../../core/aggregation/stagePreview';
import type { DbHostApi } from '../../core/api/types';
import type { AggregateRequest } from '../../core/playground/playgroundRequest';
import { CommandId } from '../kit/feature/commandIds';
import { isKnownAbsent } from '../kit/availability/featureAvailability';
import { isAggregateAbsent, markAggregateAbsent } from '../kit/availability/aggregateAvailability';
import { isPlaygroundDocument, PLAYGROUND_SUFFIX } from '../kit/playground/playgroundFiles';
import type { Services } from '../services';
import type { PlaygroundParts } from './playgroundParts';
import { RESULTS_SCHEME } from './resultsDocuments';

/**
 * "Preview to here" above each stage of a playground pipeline: the documents after that stage, from a sample, in a
 * read-only document beside the playground, so that a pipeline is built one stage at a time.
 */
export class PipelinePreviews {
  constructor(
    private readonly services: Services,
    private readonly playground: PlaygroundParts,
  ) {}

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    if (!isPlaygroundDocument(document)) return [];
    const parsed = await this.playground.parses.get(document);
    if (parsed.fileProblems.length > 0) return [];
    const hidden = await Promise.all(
      parsed.entries.map((entry) => entry.request?.kind === 'aggregate' && this.hiddenFor(document.uri, entry.request)),
    );
    return parsed.entries.flatMap((entry, position) => {
      const request = entry.request;
      if (request?.kind !== 'aggregate' || !entry.stageRanges || hidden[position]) return [];
      const writes = pipelineWrite(request.pipeline) !== undefined;
      return entry.stageRanges.slice(0, writes ? -1 : undefined).map((range, stage) => {
        const line = document.positionAt(range.offset).line;
        return new vscode.CodeLens(new vscode.Range(line, 0, line, 0), {
          title: vscode.l10n.t('$(eye) Preview to here'),
          tooltip: vscode.l10n.t('A sample of the documents after stage {0}, with counts', stage + 1),
          command: CommandId.previewPipelineStage,
          arguments: [document.uri, entry.index, stage],
        });
      });
    });
  }

  /** Shows the documents after stage `stage` (0-based) of query `index` of the playground `file`. */
  async preview(file: unknown, index: unknown, stage: unknown): Promise<void> {
    const uri = file instanceof vscode.Uri ? file : vscode.Uri.parse(String(file));
    const document = await vscode.workspace.openTextDocument(uri);
    const entry = (await this.playground.parses.get(document)).entries.find((candidate) => candidate.index === index);
    const request = entry?.request;
    if (request?.kind !== 'aggregate' || typeof stage !== 'number' || stage < 0 || stage >= request.pipeline.length)
      throw new Error(
        vscode.l10n.t('That stage is no longer in the playground, or its pipeline has problems (see the Problems view). Nothing was sent.'),
      );
    const account = await this.playground.accounts.resolve(uri, request.account, this.services.prompts);
    const client = await this.services.accounts.clientFor(account.id);
    const plan = stagePreviewPlan(request.pipeline, stage);
    const started = performance.now();
    let page;
    let input: PreviewInput;
    try {
      [page, input] = await Promise.all([
        client.aggregate(request.database, request.collection, plan.pipeline, { limit: PREVIEW_SHOWN }),
        this.probeInput(client, request, plan),
      ]);
    } catch (error) {
      if (!isAggregateAbsent(error, (failure) => this.services.logger.describe(failure))) throw error;
      markAggregateAbsent(client);
      void this.services.prompts.info(
        vscode.l10n.t(
          'The service of "{0}" does not offer aggregation pipelines, so Run and Preview to here on its pipelines are hidden.',
          account.label,
        ),
      );
      return;
    }
    const elapsedMs = performance.now() - started;
    const preview: StagePreview = {
      namespace: `${request.database}.${request.collection}`,
      accountLabel: account.label,
      stage,
      stageCount: request.pipeline.length,
      stageName: Object.keys(request.pipeline[stage] ?? {})[0] ?? '',
      page,
      input,
      afterMatch: plan.leadingFilter !== undefined,
      elapsedMs,
    };
    const resultsUri = this.previewUri(uri);
    const shown = { kind: 'update' as const, text: renderStagePreview(preview) };
    await this.playground.results.show(resultsUri, shown);
    // Counting every document the leading $match selects can read the whole collection: the sample shows first.
    if (input && 'moreThan' in input) void this.countThenShow(client, request, plan, preview, resultsUri, shown);
  }

  /** How many documents enter the sampled stages, up to one past the sample (read no further than that). */
  private async probeInput(client: DbHostApi, request: AggregateRequest, plan: StagePreviewPlan): Promise<PreviewInput> {
    try {
      return inputOfProbe((await client.aggregate(request.database, request.collection, plan.inputProbe, { limit: 1 })).documents);
    } catch {
      return undefined; // the sample's own request says why, if it fails too
    }
  }

  /** Counts what the leading `$match` selects, and puts the number into the preview if it still shows; never fails. */
  private async countThenShow(
    client: DbHostApi,
    request: AggregateRequest,
    plan: StagePreviewPlan,
    preview: StagePreview,
    resultsUri: vscode.Uri,
    shown: { kind: 'update'; text: string },
  ): Promise<void> {
    let total: number | undefined;
    try {
      const filter = plan.leadingFilter ? { q: plan.leadingFilter } : {};
      total = (await client.listDocuments(request.database, request.collection, { ...filter, limit: 1 })).total;
    } catch {
      total = undefined; // a filter a find does not take ($expr on some services): the preview stays "more than"
    }
    // Fewer than the sample now means the collection changed since the sample: it stays "more than".
    const input =
      total !== undefined && total > PREVIEW_SAMPLE_SIZE ? { exactly: total } : { moreThan: PREVIEW_SAMPLE_SIZE, counting: false };
    this.playground.results.replace(resultsUri, shown, { kind: 'update', text: renderStagePreview({ ...preview, input }) });
  }

  /** Whether the account's service is known to have no aggregation (learnt from a 404; nothing is sent to find out). */
  private async hiddenFor(file: vscode.Uri, request: AggregateRequest): Promise<boolean> {
    const account = this.playground.accounts.settled(file, request.account);
    try {
      return account !== undefined && isKnownAbsent(await this.services.accounts.clientFor(account.id), 'aggregate');
    } catch {
      return false;
    }
  }

  private previewUri(playground: vscode.Uri): vscode.Uri {
    const name = playground.path.split('/').pop() ?? 'playground';
    const base = name.toLowerCase().endsWith(PLAYGROUND_SUFFIX) ? name.slice(0, -PLAYGROUND_SUFFIX.length) : name;
    return vscode.Uri.from({ scheme: RESULTS_SCHEME, path: `/${base} preview.jsonc`, query: playground.toString() });
  }
}
