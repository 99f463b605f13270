import * as vscode from 'vscode';
import type { DeploymentLogEntry } from '../../core/api/types';
import { redactSecrets } from '../base/redaction';
import { MemberLogs } from '../../core/logs/memberLogs';
import { Disposable } from '../base/disposable';

export interface TranscriptLine {
  level: 'log' | 'info' | 'warn';
  text: string;
}

/** How many appended lines are kept in memory for reading back; the channel itself keeps them all. */
const transcriptLimit = 5000;

/**
 * The log output channel of one deployment ("DB Host: <deployment>"), with what was already shown of
 * each member's log, so tailing again later continues where it stopped. Keeps a transcript of what it
 * appended, since an output channel cannot be read back.
 */
export class DeploymentLogChannel extends Disposable {
  private readonly output: vscode.LogOutputChannel;
  private readonly members = new MemberLogs();
  private readonly lines: TranscriptLine[] = [];
  private readonly appended = this.register(new vscode.EventEmitter<readonly TranscriptLine[]>());
  readonly onDidAppend = this.appended.event;

  constructor(readonly name: string) {
    super();
    this.output = this.register(vscode.window.createOutputChannel(name, { log: true }));
  }

  get transcript(): readonly TranscriptLine[] {
    return this.lines;
  }

  /** Appends the lines of the log that were not shown yet. */
  appendEntries(entries: readonly DeploymentLogEntry[]): void {
    const fresh = this.members.take(entries).map((text): TranscriptLine => ({ level: 'log', text: redactSecrets(text) }));
    for (const line of fresh) this.output.info(line.text);
    this.record(fresh);
  }

  /** A line of the extension's own about the tailing (started, stopped, failing, resumed). */
  notice(level: 'info' | 'warn', text: string): void {
    const line: TranscriptLine = { level, text: redactSecrets(text) };
    if (level === 'warn') this.output.warn(line.text);
    else this.output.info(line.text);
    this.record([line]);
  }

  show(): void {
    this.output.show(true);
  }

  private record(lines: TranscriptLine[]): void {
    if (lines.length === 0) return;
    this.lines.push(...lines);
    if (this.lines.length > transcriptLimit) this.lines.splice(0, this.lines.length - transcriptLimit);
    this.appended.fire(lines);
  }
}
