import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SuiteReport } from '../../test/integration/support/report';

/**
 * Resolves with the report once the suite has renamed it into place. Rejects when `timeoutMs` passes first
 * or when `stopped` settles first (the host died).
 */
export function waitForReport(reportPath: string, timeoutMs: number, stopped: Promise<string>): Promise<SuiteReport> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (settle: () => void): void => {
      if (done) return;
      done = true;
      watcher.close();
      clearTimeout(timer);
      settle();
    };
    const check = (): void => {
      if (!fs.existsSync(reportPath)) return;
      try {
        const report = JSON.parse(fs.readFileSync(reportPath, 'utf8')) as SuiteReport;
        finish(() => resolve(report));
      } catch (error) {
        finish(() => reject(new Error(`The suite's report ${reportPath} is unreadable: ${String(error)}`)));
      }
    };
    const watcher = fs.watch(path.dirname(reportPath), check);
    const timer = setTimeout(
      () => finish(() => reject(new Error(`No report from the suite within ${timeoutMs / 1000} s: it never ran or never finished`))),
      timeoutMs,
    );
    void stopped.then((why) => {
      check();
      finish(() => reject(new Error(why)));
    });
    check();
  });
}
