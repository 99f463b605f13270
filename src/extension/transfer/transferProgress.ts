import * as vscode from 'vscode';
import { increment, progressText } from '../../core/transfer/progressText';

export interface ProgressReport {
  done: number;
  total: number | undefined;
}

/**
 * Runs a transfer under a cancellable notification showing count, total and rate. The task gets an
 * AbortSignal that Cancel aborts, and a `report` it may call as often as it likes (the notification is
 * updated at most every 200 ms).
 */
export async function withTransferProgress<T>(
  title: string,
  noun: string,
  task: (signal: AbortSignal, report: (progress: ProgressReport) => void) => Promise<T>,
): Promise<T> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token) => {
      const controller = new AbortController();
      const cancellation = token.onCancellationRequested(() => controller.abort());
      const started = Date.now();
      let shown = 0;
      let lastShownAt = 0;
      const report = ({ done, total }: ProgressReport) => {
        const now = Date.now();
        if (now - lastShownAt < 200 && done !== total) return;
        lastShownAt = now;
        progress.report({ message: progressText(done, total, started, now, noun), increment: increment(shown, done, total) });
        shown = done;
      };
      try {
        return await task(controller.signal, report);
      } finally {
        cancellation.dispose();
      }
    },
  );
}
