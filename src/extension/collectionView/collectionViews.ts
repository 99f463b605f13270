import * as vscode from 'vscode';
import { pipelineWrite } from '../../core/aggregation/pipelineWrite';
import type { JsonObject } from '../../core/json/lossless';
import { isJsonObject } from '../../core/json/lossless';
import { parsePipelineText } from '../../core/table/pipelineView';
import { fromWire } from '../../core/json/wire';
import { DEFAULT_VIEW_STATE, checkViewState, viewStateOfQuery } from '../../core/table/viewState';
import type { Services } from '../services';
import type { RestoreState } from './collectionViewPanel';
import { COLLECTION_VIEW_TYPE, CollectionViewPanel } from './collectionViewPanel';
import type { CellConflicts } from './cellConflicts';
import type { CollectionSource } from './tableSession';
import { TableSession } from './tableSession';

/** The open collection views: title-bar commands act on the one in front, and a view comes back after a reload. */
export class CollectionViews {
  readonly panels = new Set<CollectionViewPanel>();

  constructor(
    private readonly services: Services,
    private readonly conflicts: CellConflicts,
  ) {}

  /**
   * Opens a view of a collection with a view state, or `{fromQuery}` (a playground query's filter text, sort, fields, skip,
   * limit), checked here; else the defaults. With `{pipeline}` (lossless JSON text of a pipeline that only reads), a view
   * of that pipeline's results.
   */
  open(target: CollectionSource, initialState?: unknown): void {
    const source = { ...target, ...pipelineOf(initialState) };
    const fromQuery = (initialState as { fromQuery?: unknown } | undefined)?.fromQuery;
    const state =
      checkViewState(initialState) ??
      (isJsonObject(fromQuery as never) ? viewStateOfQuery(fromQuery as Record<string, unknown>) : DEFAULT_VIEW_STATE);
    const panel = vscode.window.createWebviewPanel(COLLECTION_VIEW_TYPE, source.col, vscode.ViewColumn.Active, { enableScripts: true });
    this.attach(panel, new TableSession(this.services, source, state));
  }

  attach(webviewPanel: vscode.WebviewPanel, session: TableSession): void {
    const view = new CollectionViewPanel(this.services, webviewPanel, session, this.conflicts);
    this.panels.add(view);
    // Kept in the order they came to the front, the last one last: see frontView.
    const toFront = webviewPanel.onDidChangeViewState(({ webviewPanel: changed }) => {
      if (!changed.active || !this.panels.delete(view)) return;
      this.panels.add(view);
    });
    view.onDidClose((closed) => {
      toFront.dispose();
      this.panels.delete(view);
      void this.closedWithEdits(closed);
    });
  }

  /**
   * The view a title-bar command acts on: the one in front. VS Code tells a panel it left the front only later, so
   * two can say they are active just after one opens; the one that came to the front last wins. With none active
   * (the command run from elsewhere), the only view open, if there is one.
   */
  frontView(): CollectionViewPanel | undefined {
    const latestFirst = [...this.panels].reverse();
    return latestFirst.find((view) => view.panel.active) ?? (latestFirst.length === 1 ? latestFirst[0] : undefined);
  }

  /** A view closed with staged edits: they are not dropped without asking. */
  private async closedWithEdits(session: TableSession): Promise<void> {
    const count = session.stagedCount;
    if (count === 0) return;
    const reopen = await this.services.prompts.confirm(
      vscode.l10n.t(
        'The collection view of {0}/{1} closed with unsaved edits to {2} document{3}.',
        session.source.db,
        session.source.col,
        count,
        count === 1 ? '' : 's',
      ),
      {
        detail: vscode.l10n.t('Reopen it to review and save them; otherwise they are discarded.'),
        confirmLabel: vscode.l10n.t('Reopen'),
      },
    );
    if (!reopen) return;
    const panel = vscode.window.createWebviewPanel(COLLECTION_VIEW_TYPE, session.source.col, vscode.ViewColumn.Active, {
      enableScripts: true,
    });
    this.attach(panel, session);
  }

  /** Brings a view back after a reload from what its webview kept; anything not well-formed opens nothing. */
  restore(webviewPanel: vscode.WebviewPanel, kept: unknown): void {
    const restored = this.parseKept(kept);
    if (!restored) {
      webviewPanel.dispose();
      return;
    }
    const session = new TableSession(this.services, restored.source, restored.state);
    session.restoreStaged(restored.staged);
    session.restoreRowChanges(restored.rowChanges);
    this.attach(webviewPanel, session);
  }

  private parseKept(kept: unknown): RestoreState | undefined {
    const value = fromWire((kept as { restore?: unknown } | undefined)?.restore);
    if (value === undefined || !isJsonObject(value) || !isJsonObject(value.source)) return undefined;
    const { accountId, db, col } = value.source;
    if (typeof accountId !== 'string' || typeof db !== 'string' || typeof col !== 'string' || !this.services.accounts.get(accountId))
      return undefined;
    const state = checkViewState(value.state);
    if (!state) return undefined;
    const pipeline = value.source.pipeline;
    const readOnly = Array.isArray(pipeline) && pipeline.every(isJsonObject) && !pipelineWrite(pipeline);
    if (pipeline !== undefined && !readOnly) return undefined;
    return {
      source: { accountId, db, col, ...(pipeline ? { pipeline: pipeline as JsonObject[] } : {}) },
      state,
      staged: (Array.isArray(value.staged) ? value.staged : []) as RestoreState['staged'],
      rowChanges: value.rowChanges as unknown as RestoreState['rowChanges'],
    };
  }
}

/** The pipeline whose results a view is asked to show, from its initial state's `pipeline` text; nothing for none. */
function pipelineOf(initialState: unknown): { pipeline?: JsonObject[] } {
  if (!isJsonObject(initialState as never) || !Object.hasOwn(initialState as object, 'pipeline')) return {};
  const { pipeline, error } = parsePipelineText((initialState as { pipeline?: unknown }).pipeline);
  if (!pipeline) throw new Error(vscode.l10n.t('Open as Table cannot show these results: {0}.', error));
  const write = pipelineWrite(pipeline);
  if (write)
    throw new Error(
      vscode.l10n.t(
        'This pipeline writes into "{0}" with {1}: run it from its playground; a table only shows results.',
        write.collection,
        write.stage,
      ),
    );
  return { pipeline };
}
