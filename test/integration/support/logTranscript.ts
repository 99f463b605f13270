import * as vscode from 'vscode';
import type { ChannelRecord, TranscriptLine } from './outputChannels';
import { channelShownBy } from './outputChannels';
import { statusItems } from './registrations';

/** A deployment as Tail Logs and Stop Tailing take it. */
export interface TailTarget {
  accountId: string;
  deployment: string;
}

/** Runs Tail Logs on `target` and gives the log channel it shows; tailing has started (or was running) by then. */
export async function tailLogs(target: TailTarget): Promise<ChannelRecord> {
  const channel = await channelShownBy(() => vscode.commands.executeCommand('dbhost.tailLogs', target));
  if (!isTailing(target)) throw new Error(`Tail Logs on ${target.deployment} shows no tailing in the status bar`);
  return channel;
}

/** Whether the status bar shows that `target`'s log is being tailed, as a person sees it. */
export function isTailing(target: Pick<TailTarget, 'deployment'>): boolean {
  return statusItems().some(
    ({ item, shown }) => shown && item.name === 'DB Host: log tailing' && item.text.replace(/^\$\([\w-]+\) /, '') === target.deployment,
  );
}

/** Runs Stop Tailing on `target` when it is being tailed. */
export async function stopTailing(target: TailTarget): Promise<void> {
  if (isTailing(target)) await vscode.commands.executeCommand('dbhost.stopTailing', target);
}

/** What the channel appended, oldest first, as recorded where the product appends it. */
export function transcriptOf(channel: ChannelRecord): readonly TranscriptLine[] {
  return channel.transcript;
}

/**
 * Resolves with the first line of the channel passing `test`, now or when it is appended; fails after `timeoutMs`
 * saying what it waited for and what the channel holds.
 */
export async function lineAppears(
  record: ChannelRecord,
  test: (line: TranscriptLine) => boolean,
  what = 'a matching line',
  timeoutMs = 30_000,
): Promise<TranscriptLine> {
  return new Promise((resolve, reject) => {
    const found = record.transcript.find(test);
    if (found) return resolve(found);
    const timer = setTimeout(() => {
      subscription.dispose();
      const held = record.transcript.map((line) => `${line.level}: ${line.shown}`).join('\n');
      reject(new Error(`Timed out waiting for ${what}. The channel holds:\n${held}`));
    }, timeoutMs);
    const subscription = record.onDidAppend((lines) => {
      const line = lines.find(test);
      if (!line) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(line);
    });
  });
}
