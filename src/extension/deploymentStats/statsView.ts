import { randomNonce } from '../../core/text/webRandom';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../core/api/types';
import type { ChartMessage, HostMessage } from '../../core/stats/chartMessages';
import { parseChartMessage } from '../../core/stats/chartMessages';
import { toStatsSeries } from '../../core/stats/statsSeries';
import type { DeploymentTarget } from '../kit/targets/deploymentTarget';
import type { Services } from '../services';
import { statsPageHtml } from './statsPage';

export const REFRESH_SECONDS = 10;

/**
 * One open statistics view of a deployment: it sends the chart fresh figures every {@link REFRESH_SECONDS}
 * while visible, and acts only on the two messages the chart may send (checked first).
 */
export class StatsView implements vscode.Disposable {
  private latest: HostMessage;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly services: Services,
    private readonly client: DbHostApi,
    readonly target: DeploymentTarget,
    first: unknown,
  ) {
    const nonce = randomNonce();
    const scriptUri = panel.webview.asWebviewUri(vscode.Uri.joinPath(services.context.extensionUri, 'dist', 'statsChart.js')).toString();
    this.latest = this.seriesMessage(first);
    panel.webview.html = statsPageHtml({ deployment: target.deployment, scriptUri, nonce });
    this.disposables.push(
      panel.webview.onDidReceiveMessage((data: unknown) => void this.receive(data)),
      panel.onDidChangeViewState(() => this.schedule()),
      panel.onDidDispose(() => this.dispose()),
    );
    this.schedule();
  }

  /** Acts on a message from the chart, after checking it: anything but `ready` or `refresh` is ignored and logged. */
  private async receive(data: unknown): Promise<void> {
    const message: ChartMessage | undefined = parseChartMessage(data);
    if (!message) {
      this.services.logger.warn(`The statistics view of ${this.target.deployment} sent a message it may not send; it was ignored`);
      return;
    }
    if (message.type === 'ready') await this.post(this.latest);
    else await this.refresh();
  }

  /** Fetches the figures again and sends them; a failure is shown in the view, the last figures stay. */
  refresh(): Promise<void> {
    this.refreshing ??= this.client
      .getDeploymentStats(this.target.deployment)
      .then(
        (stats) => {
          this.latest = this.seriesMessage(stats);
          return this.post(this.latest);
        },
        (error: unknown) => {
          const message = vscode.l10n.t('Could not refresh the statistics: {0}', this.services.logger.describe(error));
          this.services.logger.warn(message);
          return this.post({ type: 'problem', message });
        },
      )
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  dispose(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
  }

  private seriesMessage(stats: unknown): HostMessage {
    return { type: 'series', series: toStatsSeries(this.target.deployment, stats), refreshSeconds: REFRESH_SECONDS };
  }

  private async post(message: HostMessage): Promise<void> {
    await this.panel.webview.postMessage(message);
  }

  /** Refreshes on a timer only while the view is visible. */
  private schedule(): void {
    if (this.panel.visible && !this.timer) this.timer = setInterval(() => void this.refresh(), REFRESH_SECONDS * 1000);
    else if (!this.panel.visible && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}
