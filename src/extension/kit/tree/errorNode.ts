import * as vscode from 'vscode';
import { isServiceError } from '../../../core/api/serviceError';
import { shortCause } from '../../../core/text/shortCause';
import type { Logger } from '../../base/logger';
import type { ExplorerNode } from './explorerNode';
import { childId } from './explorerNode';
import { CommandId } from '../feature/commandIds';
import { ContextValue } from '../feature/contextValues';

/**
 * Stands in for a list that failed to load: what failed as its label ("Could not load databases"), the cause
 * in a few words beside it ("service not answering at 127.0.0.1:8780 · Retry"), so it reads without a hover;
 * the whole message in the tooltip, and a click that loads the list again.
 */
export class ErrorNode implements ExplorerNode {
  readonly id: string;
  /** The whole message: headline and cause. */
  readonly message: string;
  private readonly cause: string | undefined;

  constructor(
    readonly parent: ExplorerNode,
    private readonly headline: string,
    error?: unknown,
    /** The logger: what it shows of the error is scrubbed of every key the window knows. */
    errors?: Pick<Logger, 'describe' | 'keys'>,
  ) {
    this.id = childId(parent, 'error');
    const detail = error === undefined || !errors ? undefined : errors.describe(error);
    this.message = detail === undefined ? headline : `${headline}: ${detail}`;
    // The service's own words in the cause come from the error itself, not from the scrubbed detail: scrub them too.
    this.cause =
      detail === undefined || !errors ? undefined : errors.keys.redact(shortCause(isServiceError(error) ? error : { message: detail }));
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(firstLine(this.headline), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = ContextValue.error;
    item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'));
    item.description = this.cause ? vscode.l10n.t('{0} · Retry', this.cause) : vscode.l10n.t('Retry');
    item.tooltip = vscode.l10n.t('{0}\n\nClick to try again.', this.message);
    item.command = { command: CommandId.refreshNode, title: vscode.l10n.t('Try Again'), arguments: [this] };
    return item;
  }
}

function firstLine(text: string): string {
  const line = text.split(/\r?\n/, 1)[0];
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
