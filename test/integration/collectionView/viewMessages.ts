// What the collection view's tests read of the messages a view posts to its page.
import type { ExtensionMessage, ReviewItem } from '../../../src/core/table/protocol';
import { checkExtensionMessage } from '../../../src/core/table/protocol';
import type * as vscode from 'vscode';
import type { CollectionViewPanel } from '../../../src/extension/collectionView/collectionViewPanel';
import { postedTo, sendAsPage } from '../support/webviewPanels';

/** A collection view's panel, as a view the command opened or a panel the product made holds it. */
export interface ViewPanel {
  readonly panel: vscode.WebviewPanel;
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
export const isReview = (message: ExtensionMessage): message is Extract<ExtensionMessage, { type: 'review' }> => message.type === 'review';
export const isNotice = (message: ExtensionMessage): message is Extract<ExtensionMessage, { type: 'notice' }> => message.type === 'notice';

/** Sends `message` to `view` as its webview would, and resolves with the loaded page it leads to. */
export async function actOn(view: CollectionViewPanel, message: unknown): Promise<PageMessage> {
  const page = nextPosted(view, isLoadedPage);
  await view.receive(message);
  return page;
}

/** Asks `view` for its review, as the Review button does, and resolves with the items shown. */
export async function reviewOf(view: CollectionViewPanel): Promise<ReviewItem[]> {
  const answer = nextPosted(view, isReview);
  await view.receive({ type: 'review' });
  return (await answer).items;
}

/** Sends `message` to the product as `view`'s page does, and resolves with the loaded page it leads to. */
export async function actAsPage(view: ViewPanel, message: unknown): Promise<PageMessage> {
  const page = nextPosted(view, isLoadedPage);
  sendAsPage(view.panel, message);
  return page;
}
