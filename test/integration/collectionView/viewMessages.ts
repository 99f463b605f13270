// What the collection view's tests read of the messages a view posts to its page.
import type { ExtensionMessage, ReviewItem } from '../../../src/core/table/protocol';
import { checkExtensionMessage } from '../../../src/core/table/protocol';
import type * as vscode from 'vscode';
import * as assert from 'node:assert/strict';
import { panelsOpenedBy, postedTo, sendAsPage } from '../support/webviewPanels';

/** A collection view's panel, as the product made it. */
export interface ViewPanel {
  readonly panel: vscode.WebviewPanel;
}

/** package.json's view type of a collection view. */
const COLLECTION_VIEW_TYPE = 'dbhost.collectionView';

/** Runs `run` (Open Collection View, an Open as Table lens) and resolves with the one collection view it opened. */
export async function collectionViewOpenedBy(run: () => Thenable<unknown>): Promise<ViewPanel> {
  const opened = await panelsOpenedBy(COLLECTION_VIEW_TYPE, run);
  assert.equal(opened.length, 1, `${opened.length} collection views opened`);
  return { panel: opened[0] };
}

export type PageMessage = Extract<ExtensionMessage, { type: 'page' }>;

/**
 * A message as the page receives it: posted, carried as JSON, checked by the page's own check. Its values are
 * made by the tests' copy of the core, so they compare with the tests' own (a LosslessNumber included).
 */
function asReceived(posted: unknown): ExtensionMessage {
  const message = checkExtensionMessage(JSON.parse(JSON.stringify(posted)));
  if (!message) throw new Error(`The view posted a message its page drops: ${JSON.stringify(posted).slice(0, 300)}`);
  return message;
}

/** The last 50 messages `view` posted, newest first, as its page received them. */
export const postedBy = (view: ViewPanel): ExtensionMessage[] => postedTo(view.panel).posted.map(asReceived).reverse();

/** Resolves with the first message `view` posts from now on that `check` accepts (rejects on one its page would drop). */
export function nextPosted<T extends ExtensionMessage>(view: ViewPanel, check: (message: ExtensionMessage) => message is T): Promise<T> {
  return new Promise((resolve, reject) => {
    const subscription = postedTo(view.panel).onDidPost((posted) => {
      try {
        const message = asReceived(posted);
        if (!check(message)) return;
        resolve(message);
      } catch (error) {
        reject(error as Error);
      }
      subscription.dispose();
    });
  });
}

export const isLoadedPage = (message: ExtensionMessage): message is PageMessage => message.type === 'page' && !message.loading;

/** The loaded page `view` last posted, or the first it posts from now on when it has posted none yet. */
export const loadedPage = (view: ViewPanel): Promise<PageMessage> =>
  Promise.resolve(postedBy(view).find(isLoadedPage) ?? nextPosted(view, isLoadedPage));
export const isReview = (message: ExtensionMessage): message is Extract<ExtensionMessage, { type: 'review' }> => message.type === 'review';
export const isNotice = (message: ExtensionMessage): message is Extract<ExtensionMessage, { type: 'notice' }> => message.type === 'notice';

/**
 * Resolves with the first loaded page `view` posts from now on, once it has also posted the state its page keeps
 * for that page (the view posts that last for every page it draws, so the view is done with what it drew).
 */
function nextDrawnPage(view: ViewPanel): Promise<PageMessage> {
  return new Promise((resolve, reject) => {
    let page: PageMessage | undefined;
    const subscription = postedTo(view.panel).onDidPost((posted) => {
      try {
        const message = asReceived(posted);
        if (!page) {
          if (isLoadedPage(message)) page = message;
          return;
        }
        if (message.type !== 'keep') return;
        resolve(page);
      } catch (error) {
        reject(error as Error);
      }
      subscription.dispose();
    });
  });
}

/** Sends `message` to the product as `view`'s page does, and resolves with the loaded page it leads to, once drawn. */
export function actOn(view: ViewPanel, message: unknown): Promise<PageMessage> {
  const page = nextDrawnPage(view);
  sendAsPage(view.panel, message);
  return page;
}

/** Asks `view` for its review, as the Review button does, and resolves with the items shown. */
export async function reviewOf(view: ViewPanel): Promise<ReviewItem[]> {
  const answer = nextPosted(view, isReview);
  sendAsPage(view.panel, { type: 'review' });
  return (await answer).items;
}

/**
 * Runs `action`, during which another editor covers `view` and then the view comes to the front again (a diff
 * preview; a panel opened over it and closed), and resolves with what it gave once the page is back: a webview
 * hidden is unloaded, and shown again it loads anew and asks for its page, which the view answers with the page
 * and then any notice the page missed. The recorder hears the ask before the view does, so the drawn page is
 * awaited from the ask on: it is the answer's, not an earlier one. The page's Refresh, sent after that, is
 * answered after the rest of the answer (the view carries out its page's messages in order), so nothing of the
 * ask comes after this resolves.
 */
export async function coveredMeanwhile<T>(view: ViewPanel, action: () => Promise<T>): Promise<T> {
  const answered = new Promise<PageMessage>((resolve) => {
    const subscription = postedTo(view.panel).onDidReceive((message) => {
      if ((message as { type?: unknown }).type !== 'ready') return;
      subscription.dispose();
      resolve(nextDrawnPage(view));
    });
  });
  const result = await action();
  await answered;
  await actOn(view, { type: 'refresh' });
  return result;
}
