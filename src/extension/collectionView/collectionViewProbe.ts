import * as vscode from 'vscode';
import { RecordsByView } from '../base/recordsByView';
import type { ExtensionMessage } from '../../core/table/protocol';

const KEPT_MESSAGES = 50;

/** What the integration tests read of one collection view. */
export class ViewRecord {
  /** The last 50 messages posted to the webview, newest first. */
  readonly posted: ExtensionMessage[] = [];
  readonly postedEmitter = new vscode.EventEmitter<ExtensionMessage>();
  /** Fires for every message posted to the webview. */
  readonly onDidPost = this.postedEmitter.event;
  readonly renderedEmitter = new vscode.EventEmitter<{ rows: number; columns: number }>();
  /** The webview drew the table of a loaded page. */
  readonly onDidRender = this.renderedEmitter.event;
  /** The export the view last started, settled once it ends. */
  lastExport: Promise<void> = Promise.resolve();
}

/**
 * What the collection views report to the integration tests. Made only when the test probe is open
 * (base/testProbe.ts) and reached through the TestApi: a view given none reports nothing.
 */
export class CollectionViewProbe extends RecordsByView<ViewRecord> {
  constructor() {
    super(() => new ViewRecord());
  }

  posted(view: object, message: ExtensionMessage): void {
    const record = this.of(view);
    record.posted.unshift(message);
    record.posted.length = Math.min(record.posted.length, KEPT_MESSAGES);
    record.postedEmitter.fire(message);
  }

  rendered(view: object, size: { rows: number; columns: number }): void {
    this.of(view).renderedEmitter.fire(size);
  }

  exportStarted(view: object, done: Promise<void>): void {
    this.of(view).lastExport = done;
  }
}
