import * as vscode from 'vscode';
import { stringifyLossless } from '../../core/json/lossless';

const MAX_INPUT = 2000;

/** The "DB Host AI activity" channel: one line per tool call by any agent, scrubbed of every known key. */
export class AiActivityLog {
  private channel: vscode.LogOutputChannel | undefined;

  constructor(private readonly redact: (text: string) => string) {}

  record(entry: { account: string; tool: string; input: unknown; outcome: string }): void {
    this.channel ??= vscode.window.createOutputChannel('DB Host AI activity', { log: true });
    let input = stringifyLossless(entry.input ?? {});
    if (input.length > MAX_INPUT) input = `${input.slice(0, MAX_INPUT)}… (${input.length} characters)`;
    const outcome = entry.outcome.replace(/\s+/g, ' ');
    const line = this.redact(`account "${entry.account}" · ${entry.tool} · input ${input} · ${outcome}`);
    this.channel.info(line);
  }

  dispose(): void {
    this.channel?.dispose();
  }
}
