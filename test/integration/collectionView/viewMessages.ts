// What the collection view's tests read of the messages a view posts to its page.
import type { ExtensionMessage, ReviewItem } from '../../../src/core/table/protocol';
import type { CollectionViewPanel } from '../../../src/extension/collectionView/collectionViewPanel';
import type { TestApi } from '../../../src/extension/extension';

export type PageMessage = Extract<ExtensionMessage, { type: 'page' }>;

/** The last 50 messages `view` posted, newest first, as the test probe kept them. */
export const postedBy = (testing: TestApi, view: CollectionViewPanel): ExtensionMessage[] => testing.collectionViewProbe().of(view).posted;

/** Resolves with the first message `view` posts from now on that `check` accepts. */
export function nextPosted<T extends ExtensionMessage>(
  testing: TestApi,
  view: CollectionViewPanel,
  check: (message: ExtensionMessage) => message is T,
): Promise<T> {
  return new Promise((resolve) => {
    const subscription = testing
      .collectionViewProbe()
      .of(view)
      .onDidPost((message) => {
        if (!check(message)) return;
        subscription.dispose();
        resolve(message);
      });
  });
}

export const isLoadedPage = (message: ExtensionMessage): message is PageMessage => message.type === 'page' && !message.loading;
export const isReview = (message: ExtensionMessage): message is Extract<ExtensionMessage, { type: 'review' }> => message.type === 'review';
export const isNotice = (message: ExtensionMessage): message is Extract<ExtensionMessage, { type: 'notice' }> => message.type === 'notice';

/** Sends `message` to `view` as its webview would, and resolves with the loaded page it leads to. */
export async function actOn(testing: TestApi, view: CollectionViewPanel, message: unknown): Promise<PageMessage> {
  const page = nextPosted(testing, view, isLoadedPage);
  await view.receive(message);
  return page;
}

/** Asks `view` for its review, as the Review button does, and resolves with the items shown. */
export async function reviewOf(testing: TestApi, view: CollectionViewPanel): Promise<ReviewItem[]> {
  const answer = nextPosted(testing, view, isReview);
  await view.receive({ type: 'review' });
  return (await answer).items;
}
