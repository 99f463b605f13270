import type { TranscriptLine } from '../../../src/extension/deploymentLogs/deploymentLogChannel';
import type { LogTailSession } from '../../../src/extension/deploymentLogs/logTailSession';

/**
 * Resolves with the first line of the session's channel passing `test`, now or when it is appended; fails after
 * `timeoutMs` saying what it waited for and what the channel holds.
 */
export function lineAppears(
  session: LogTailSession,
  test: (line: TranscriptLine) => boolean,
  what = 'a matching line',
  timeoutMs = 30_000,
): Promise<TranscriptLine> {
  return new Promise((resolve, reject) => {
    const found = session.channel.transcript.find(test);
    if (found) return resolve(found);
    const timer = setTimeout(() => {
      subscription.dispose();
      const held = session.channel.transcript.map((line) => `${line.level}: ${line.shown}`).join('\n');
      reject(new Error(`Timed out waiting for ${what}. The channel holds:\n${held}`));
    }, timeoutMs);
    const subscription = session.channel.onDidAppend((lines) => {
      const line = lines.find(test);
      if (!line) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(line);
    });
  });
}
