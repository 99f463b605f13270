import type { LogTailSession } from '../../../src/extension/deploymentLogs/logTailSession';
import type { TranscriptLine } from './outputChannels';
import { channelNamed } from './outputChannels';

/** What the session's channel appended, oldest first, as recorded where the product appends it. */
export function transcriptOf(session: LogTailSession): readonly TranscriptLine[] {
  return channelNamed(session.channel.name).transcript;
}

/**
 * Resolves with the first line of the session's channel passing `test`, now or when it is appended; fails after
 * `timeoutMs` saying what it waited for and what the channel holds.
 */
export async function lineAppears(
  session: LogTailSession,
  test: (line: TranscriptLine) => boolean,
  what = 'a matching line',
  timeoutMs = 30_000,
): Promise<TranscriptLine> {
  const record = channelNamed(session.channel.name);
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
