import * as fs from 'node:fs';
import * as path from 'node:path';
import { filesUnder } from './filesUnder';
import { readTestConfig } from './test-config';
import { productExtensionId } from './product';
import { waitFor } from './waitFor';

/** The AI activity channel, as the Output view names it. */
export const AI_ACTIVITY_LOG = 'DB Host AI activity';

/**
 * The extension host's log folder of this run (the product's output channels write their files below it), found
 * in the run's VS Code logs folder by the product's own log folder, named after the extension's id.
 */
export function extensionHostLogs(): string {
  const folder = extensionHostLogsIfWritten();
  if (!folder) throw new Error(`no log folder of ${productExtensionId} under ${readTestConfig().logsDir}`);
  return folder;
}

/** {@link extensionHostLogs}, or undefined while the product's first log file is not written yet. */
function extensionHostLogsIfWritten(): string | undefined {
  const { logsDir } = readTestConfig();
  const product = filesUnder(logsDir).find((file) => path.basename(path.dirname(file)) === productExtensionId);
  return product && path.dirname(path.dirname(product));
}

/**
 * The lines VS Code wrote to the log file of the extension's output channel `channel` (the file a person opens
 * from the Output view), once `complete` holds for them: a line reaches its file a moment after it is logged.
 */
export async function logFileLines(channel: string, complete: (lines: string[]) => boolean, what: string): Promise<string[]> {
  let lines: string[] = [];
  const read = () => {
    const exthostLogs = extensionHostLogsIfWritten();
    const file = exthostLogs && filesUnder(exthostLogs).find((candidate) => path.basename(candidate) === `${channel}.log`);
    lines = file ? fs.readFileSync(file, 'utf8').split('\n') : [];
    return complete(lines) && lines;
  };
  return waitFor(read, { what, describeState: () => `the log "${channel}" holds:\n${lines.join('\n')}`, limitMs: 30_000 });
}
