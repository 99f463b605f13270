import * as vscode from 'vscode';
import type { DeploymentTarget } from '../kit/targets/deploymentTarget';
import { Disposable } from '../base/disposable';
import { CommandId } from '../kit/feature/commandIds';

/** The status-bar item shown while a deployment's log is tailed; clicking it stops the tailing. */
export class TailStatusItem extends Disposable {
  private static created = 0;
  private readonly item: vscode.StatusBarItem;

  constructor(
    private readonly target: DeploymentTarget,
    private readonly accountLabel: string,
  ) {
    super();
    this.item = this.register(
      vscode.window.createStatusBarItem(`dbhost.tailLogs.${++TailStatusItem.created}`, vscode.StatusBarAlignment.Left),
    );
    this.item.name = 'DB Host: log tailing';
    this.item.command = { command: CommandId.stopTailing, title: vscode.l10n.t('Stop Tailing'), arguments: [{ ...target }] };
    this.showFailing(false);
    this.item.show();
  }

  showFailing(failing: boolean): void {
    this.item.text = `${failing ? '$(debug-disconnect)' : '$(pulse)'} ${this.target.deployment}`;
    this.item.tooltip = failing
      ? vscode.l10n.t(
          'The service does not answer; retrying to tail the log of {0} ({1}). Click to stop tailing.',
          this.target.deployment,
          this.accountLabel,
        )
      : vscode.l10n.t('Tailing the log of {0} ({1}). Click to stop tailing.', this.target.deployment, this.accountLabel);
    this.item.backgroundColor = failing ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  }
}
