import * as vscode from 'vscode';
import { RecordsByView } from '../base/recordsByView';
import type { HostMessage } from '../../core/stats/chartMessages';

const KEPT_MESSAGES = 20;

/** What the integration tests read of one statistics view. */
export class StatsViewRecord {
  /** The latest messages sent to the chart, oldest first (no key is ever in one). */
  readonly posted: HostMessage[] = [];
  readonly postedEmitter = new vscode.EventEmitter<HostMessage>();
  /** Fires for each message sent to the chart. */
  readonly onDidPost = this.postedEmitter.event;
}

/**
 * What the statistics views report to the integration tests. Made only when the test probe is open
 * (base/testProbe.ts) and reached through the TestApi: a view given none reports nothing.
 */
export class StatsViewProbe extends RecordsByView<StatsViewRecord> {
  constructor() {
    super(() => new StatsViewRecord());
  }

  posted(view: object, message: HostMessage): void {
    const record = this.of(view);
    record.posted.push(message);
    if (record.posted.length > KEPT_MESSAGES) record.posted.shift();
    record.postedEmitter.fire(message);
  }
}
