import type * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { ExplainHostMessage, ExplainPageView } from '../../../src/core/indexes/explainViewMessages';
import type { ExplainOutcome } from '../../../src/extension/indexes/explainQuery';
import { nodeAt, refreshNode } from '../explorer/explorerFixtures';
import { lensesOf } from '../support/playgrounds';
import { postedTo, sendAsPage } from '../support/webviewPanels';
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

/** What the product last posted an explain view's page to draw, if it has posted one yet. */
export function lastShown(outcome: ExplainOutcome): ExplainPageView | undefined {
  const shows = (postedTo(outcome.view.panel).posted as ExplainHostMessage[]).filter((message) => message.type === 'show');
  return shows.at(-1)?.view;
}

/** What an explain view's page was last sent to draw, once it passes `test`. */
export function shownView(outcome: ExplainOutcome, test: (view: ExplainPageView) => boolean = () => true): Promise<ExplainPageView> {
  return waitFor(() => {
    const view = lastShown(outcome);
    return view !== undefined && test(view) && view;
  });
}

/** What an explain view's page was last sent to draw, as one text (title, before → after, words, stages, suggestion), once it holds `expected`. */
export async function viewText(outcome: ExplainOutcome, expected: string | RegExp): Promise<string> {
  const view = await shownView(outcome, (shown) => {
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
export async function pressButton(outcome: ExplainOutcome, button: 'createIndex' | 'explainAgain'): Promise<ExplainHostMessage[]> {
  const record = postedTo(outcome.view.panel);
  const before = record.posted.length;
  sendAsPage(outcome.view.panel, { type: button });
  const since = () => record.posted.slice(before) as ExplainHostMessage[];
  await waitFor(() => since().some((message) => message.type === 'busy' && !message.busy), { what: `the view to finish ${button}` });
  return since();
}

export function playgroundText(account: string, db: string, col: string, query: Record<string, unknown>): string {
  return `${JSON.stringify({ account, database: db, collection: col, ...query }, null, 2)}\n`;
}
