import * as fs from 'node:fs';
import * as path from 'node:path';
import type { TestApi } from '../../../src/extension/extension';
import { filesUnder } from './filesUnder';
import { waitFor } from './waitFor';

/** The AI activity channel, as the Output view names it. */
export const AI_ACTIVITY_LOG = 'DB Host AI activity';

/**
 * The lines VS Code wrote to the log file of the extension's output channel `channel` (the file a person opens
 * from the Output view), once `complete` holds for them: a line reaches its file a moment after it is logged.
 */
export async function logFileLines(
  testing: TestApi,
  channel: string,
  complete: (lines: string[]) => boolean,
  what: string,
): Promise<string[]> {
  const exthostLogs = path.dirname(testing.services.context.logUri.fsPath);
  let lines: string[] = [];
  const read = () => {
    const file = filesUnder(exthostLogs).find((candidate) => path.basename(candidate) === `${channel}.log`);
    lines = file ? fs.readFileSync(file, 'utf8').split('\n') : [];
    return complete(lines) && lines;
  };
  return waitFor(read, { what, describeState: () => `the log "${channel}" holds:\n${lines.join('\n')}`, limitMs: 30_000 });
}
