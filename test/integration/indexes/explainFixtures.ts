import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { ExplainHostMessage, ExplainPageView } from '../../../src/core/indexes/explainViewMessages';
import { nodeAt, refreshNode } from '../explorer/explorerFixtures';
import { lensesOf } from '../support/playgrounds';
import { openPanels, postedTo, sendAsPage } from '../support/webviewPanels';
import { waitFor } from '../support/waitFor';

/** A collection of `count` documents `{_id: i, k: i % 10, n: i}`, so `{k: 7}` matches a tenth of them. */
export async function seedItems(client: DbHostApi, accountId: string, db: string, col: string, count: number): Promise<void> {
  await client.createCollection(db, col);
  for (let i = 0; i < count; i++) await client.createDocument(db, col, { _id: i, k: i % 10, n: i }, { safe: true });
  // Made behind the extension's back: load the database's collections again, as its Refresh button does.
  await refreshNode(await nodeAt(accountId, 'Databases', db));
}

export const explainLensOf = async (uri: vscode.Uri) =>
  (await lensesOf(uri)).find((lens) => lens.command?.command === 'dbhost.explainPlaygroundQuery');

/** The explain views open now (each explain opens one of its own), oldest first. */
export const explainViews = () => openPanels('dbhost.explain');

/** The one explain view that `run` opened (a click on Explain, a command): the test fails if it opened none or more. */
export async function explainViewOpenedBy(run: () => Thenable<unknown>): Promise<vscode.WebviewPanel> {
  const before = new Set(explainViews());
  await run();
  const opened = explainViews().filter((panel) => !before.has(panel));
  assert.equal(opened.length, 1, `${opened.length} explain views opened`);
  return opened[0];
}

/** What the product last posted an explain view's page to draw, if it has posted one yet. */
export function lastShown(panel: vscode.WebviewPanel): ExplainPageView | undefined {
  const shows = (postedTo(panel).posted as ExplainHostMessage[]).filter((message) => message.type === 'show');
  return shows.at(-1)?.view;
}

/** What an explain view's page was last sent to draw, once it passes `test`. */
export function shownView(panel: vscode.WebviewPanel, test: (view: ExplainPageView) => boolean = () => true): Promise<ExplainPageView> {
  return waitFor(() => {
    const view = lastShown(panel);
    return view !== undefined && test(view) && view;
  });
}

/** The plan's first stage in the answer the view shows "as the service sent it". */
export const shownPlanStage = (view: ExplainPageView): unknown => (JSON.parse(view.raw) as { plan: { stage: unknown } }).plan.stage;

/** What an explain view's page was last sent to draw, as one text (title, before → after, words, stages, suggestion), once it holds `expected`. */
export async function viewText(panel: vscode.WebviewPanel, expected: string | RegExp): Promise<string> {
  const view = await shownView(panel, (shown) => {
    const text = pageText(shown);
    return typeof expected === 'string' ? text.includes(expected) : expected.test(text);
  });
  return pageText(view);
}

/** The page's texts in reading order, one a line, as a screen reader would meet them. */
export function pageText(view: ExplainPageView): string {
  const { labels, suggestion } = view;
  const lines = [view.title];
  if (view.beforeAfter) lines.push(`${labels.beforeAfter} ${view.beforeAfter}`);
  lines.push(view.summary, ...view.details);
  if (suggestion.type === 'create' && !suggestion.refusal) lines.push(`[${labels.createIndex}]`);
  lines.push(`[${labels.explainAgain}]`, labels.plan);
  for (const stage of view.stages)
    lines.push(
      `${'  '.repeat(stage.depth)}${stage.name} ${stage.note}: ${stage.figures.map(([name, value]) => `${name} ${value}`).join(', ')}`,
    );
  lines.push(labels.suggested);
  if (suggestion.type === 'none') lines.push(suggestion.why);
  else {
    lines.push(`${suggestion.spec} ${suggestion.name}. ${suggestion.why}`);
    if (suggestion.refusal) lines.push(`${labels.refused} ${suggestion.refusal}`);
  }
  return lines.join('\n');
}

/**
 * Presses a button of an explain view as its page does, and resolves once the view is no longer busy with it; gives
 * what the product posted to the page meanwhile.
 */
export async function pressButton(panel: vscode.WebviewPanel, button: 'createIndex' | 'explainAgain'): Promise<ExplainHostMessage[]> {
  const record = postedTo(panel);
  const before = record.posted.length;
  sendAsPage(panel, { type: button });
  const since = () => record.posted.slice(before) as ExplainHostMessage[];
  await waitFor(() => since().some((message) => message.type === 'busy' && !message.busy), { what: `the view to finish ${button}` });
  return since();
}

export function playgroundText(account: string, db: string, col: string, query: Record<string, unknown>): string {
  return `${JSON.stringify({ account, database: db, collection: col, ...query }, null, 2)}\n`;
}
