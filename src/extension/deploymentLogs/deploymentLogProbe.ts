import * as vscode from 'vscode';
import { RecordsByView } from '../base/recordsByView';
import { testProbe } from '../base/testProbe';
import type { TranscriptLine } from './transcriptLine';

/** Lines kept of each channel for reading back, the latest ones. */
const KEPT_LINES = 5000;

/** What the integration tests read of one deployment's log channel, since an output channel cannot be read back. */
export class DeploymentLogRecord {
  /** The lines appended, oldest first. */
  readonly transcript: TranscriptLine[] = [];
  readonly appendedEmitter = new vscode.EventEmitter<readonly TranscriptLine[]>();
  /** Fires with each batch of lines appended. */
  readonly onDidAppend = this.appendedEmitter.event;
}

/**
 * What the deployment log channels report to the integration tests. Made only when the test probe is open
 * (base/testProbe.ts) and reached through the TestApi: a channel given none keeps no copy of its lines.
 */
export class DeploymentLogProbe extends RecordsByView<DeploymentLogRecord> {
  constructor() {
    super(() => new DeploymentLogRecord());
  }

  appended(channel: object, lines: readonly TranscriptLine[]): void {
    const record = this.of(channel);
    record.transcript.push(...lines);
    if (record.transcript.length > KEPT_LINES) record.transcript.splice(0, record.transcript.length - KEPT_LINES);
    record.appendedEmitter.fire(lines);
  }
}

let made: { probe: DeploymentLogProbe | undefined } | undefined;

/** The one probe of this window's log channels; undefined outside a test run. */
export function deploymentLogProbe(context: vscode.ExtensionContext): DeploymentLogProbe | undefined {
  return (made ??= { probe: testProbe(context, () => new DeploymentLogProbe()) }).probe;
}
