import * as vscode from 'vscode';
import { idKeyText } from '../../../src/core/documents/documentId';
import type { MergeHostMessage, MergePageMessage, MergePageView } from '../../../src/core/documents/mergeViewMessages';
import { parseDocumentUri } from '../../../src/extension/kit/targets/documentUri';
import { waitFor } from './waitFor';
import { isOpen, openPanels, postedTo, sendAsPage } from './webviewPanels';

/** package.json's view type of the three-way merge view. */
const MERGE_VIEW_TYPE = 'dbhost.mergeView';

/** A three-way merge view as its page sees it: what it was sent to draw, and what it sends back. */
export class MergeView {
  constructor(readonly panel: vscode.WebviewPanel) {}

  /** What the product posted to the page, newest first. */
  private posted(): MergeHostMessage[] {
    return [...(postedTo(this.panel).posted as MergeHostMessage[])].reverse();
  }

  /** What the page was last sent to draw, once it was sent one (the page asks when it has loaded). */
  async shown(): Promise<MergePageView> {
    const latestShow = () => this.posted().find((message) => message.type === 'show');
    await waitFor(() => latestShow() !== undefined, { event: postedTo(this.panel).onDidPost, what: 'the merge view drawn' });
    const show = latestShow();
    if (show?.type !== 'show') throw new Error('the merge view was never drawn');
    return show.view;
  }

  /** Why the last Save Merge did not save, as the page was told. */
  problemShown(): string | undefined {
    const problem = this.posted().find((message) => message.type === 'problem');
    return problem?.type === 'problem' ? problem.message : undefined;
  }

  /**
   * Sends what the page sends, and resolves once the product has acted on it: a Save Merge once the page is
   * told it is no longer busy (or the view closed, saved), a Cancel once the view is closed.
   */
  async send(message: MergePageMessage): Promise<void> {
    const record = postedTo(this.panel);
    const done =
      message.type === 'save'
        ? (posted: unknown) => (posted as MergeHostMessage).type === 'busy' && !(posted as { busy: boolean }).busy
        : () => false;
    let answered = false;
    const subscription = record.onDidPost((posted) => (answered ||= done(posted)));
    try {
      sendAsPage(this.panel, message);
      const postedOrClosed: vscode.Event<unknown> = (listener) =>
        vscode.Disposable.from(record.onDidPost(listener), this.panel.onDidDispose(listener));
      await waitFor(() => answered || !isOpen(this.panel), { event: postedOrClosed, what: `the merge view acted on ${message.type}` });
    } finally {
      subscription.dispose();
    }
  }
}

/** The open merge view of the document `uri` names, if any (its title names the document's _id). */
export function mergeViewOf(uri: vscode.Uri): MergeView | undefined {
  const title = `Merge ${idKeyText(parseDocumentUri(uri).docId)}`;
  const panel = openPanels(MERGE_VIEW_TYPE).find((candidate) => candidate.title === title);
  return panel ? new MergeView(panel) : undefined;
}
