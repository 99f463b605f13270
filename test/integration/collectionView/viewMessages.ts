// What the collection view's tests read of the messages a view posts to its page.
import type { ExtensionMessage } from '../../../src/core/table/protocol';
import type { CollectionViewPanel } from '../../../src/extension/collectionView/collectionViewPanel';

export type PageMessage = Extract<ExtensionMessage, { type: 'page' }>;

/** Resolves with the first message posted from now on that `check` accepts. */
export function nextPosted<T extends ExtensionMessage>(
  view: CollectionViewPanel,
  check: (message: ExtensionMessage) => message is T,
): Promise<T> {
  return new Promise((resolve) => {
    const subscription = view.onDidPost((message) => {
      if (!check(message)) return;
      subscription.dispose();
      resolve(message);
    });
  });
}

export const isLoadedPage = (message: ExtensionMessage): message is PageMessage => message.type === 'page' && !message.loading;
export const isReview = (message: ExtensionMessage): message is Extract<ExtensionMessage, { type: 'review' }> => message.type === 'review';
export const isNotice = (message: ExtensionMessage): message is Extract<ExtensionMessage, { type: 'notice' }> => message.type === 'notice';
