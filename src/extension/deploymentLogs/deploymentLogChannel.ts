import * as vscode from 'vscode';
import type { DeploymentLogEntry } from '../../core/api/types';
import { countOf, formatCount } from '../../core/text/formatCount';
import type { KnownKeys } from '../../core/text/knownKeys';
import { MemberLogs } from '../../core/logs/memberLogs';
import { Disposable } from '../base/disposable';

/** `13:05:02`, local time: the one timestamp of a line of the extension's own. */
const timeOfDay = (date: Date): string => date.toTimeString().slice(0, 8);

/**
 * The log output channel of one deployment ("DB Host: <deployment>"), with what was already shown of
 * each member's log, so tailing again later continues where it stopped.
 *
 * A plain channel with log colouring, not a log channel: server lines carry their own timestamp, and a
 * second one in front of each made them wrap.
 */
export class DeploymentLogChannel extends Disposable {
  private readonly output: vscode.OutputChannel;
  private readonly members = new MemberLogs();

  constructor(
    readonly name: string,
    private readonly keys: KnownKeys,
  ) {
    super();
    this.output = this.register(vscode.window.createOutputChannel(name, 'log'));
  }

  /**
   * Appends the lines of the log that were not shown yet; of a log seen for the first time, only the last
   * `initialLines` (all when 0), after a line saying how many earlier ones are left out.
   */
  appendEntries(entries: readonly DeploymentLogEntry[], initialLines = 0): void {
    const { lines, skipped } = this.members.take(entries, initialLines);
    if (skipped > 0) {
      this.notice(
        'info',
        vscode.l10n.t(
          'Showing the last {0} lines; {1} not shown (Show Logs has them all).',
          formatCount(initialLines),
          countOf(skipped, 'earlier line'),
        ),
      );
    }
    for (const line of lines) this.output.appendLine(this.keys.redact(line));
  }

  /** A line of the extension's own about the tailing (started, stopped, failing, resumed). */
  notice(level: 'info' | 'warn', text: string): void {
    const clean = this.keys.redact(text);
    this.output.appendLine(`${timeOfDay(new Date())} DB Host${level === 'warn' ? ' warning' : ''}: ${clean}`);
  }

  show(): void {
    this.output.show(true);
  }
}
