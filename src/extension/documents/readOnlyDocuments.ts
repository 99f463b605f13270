import * as vscode from 'vscode';
import { accountTitle, modeOf } from '../../core/guardrails/accountGuardrails';
import { Disposable } from '../base/disposable';
import type { Services } from '../services';
import { CommandId } from '../kit/feature/commandIds';
import { DOCUMENT_SCHEME } from '../kit/targets/documentUri';

/**
 * The documents of a Read-only account open as read-only editors: their `stat` says so (VS Code's own lock,
 * and its refusal of typing), and a line above the text says why and how to change it. When an account's
 * mode changes, its open documents are reported changed, so VS Code reads their `stat` again and the editors
 * become editable, or read-only, at once.
 */
export class ReadOnlyDocuments extends Disposable implements vscode.CodeLensProvider {
  private readonly lensesChanged = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readOnlyAccounts: Set<string>;

  constructor(
    private readonly services: Services,
    private readonly reportChanged: (uris: vscode.Uri[]) => void,
  ) {
    super();
    this.readOnlyAccounts = this.currentReadOnlyAccounts();
    this.register(services.accounts.onDidChange(() => this.accountsChanged()));
    this.register(vscode.languages.registerCodeLensProvider({ scheme: DOCUMENT_SCHEME }, this));
  }

  isReadOnly(uri: vscode.Uri): boolean {
    return uri.scheme === DOCUMENT_SCHEME && this.readOnlyAccounts.has(uri.authority);
  }

  /** A file's stat as VS Code should see it: read-only when its account is. */
  withPermissions(uri: vscode.Uri, stat: vscode.FileStat): vscode.FileStat {
    return this.isReadOnly(uri) ? { ...stat, permissions: vscode.FilePermission.Readonly } : stat;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const account = this.isReadOnly(document.uri) ? this.services.accounts.get(document.uri.authority) : undefined;
    if (!account) return [];
    return [
      new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), {
        title: vscode.l10n.t(
          '$(lock) Read-only: the account {0} is Read-only, so its documents cannot be edited. Change its mode…',
          accountTitle(account.label, account.tag),
        ),
        tooltip: vscode.l10n.t('Account Settings… of the account: its mode (Normal, Confirm writes, Read-only), colour and tag'),
        command: CommandId.accountSettings,
        arguments: [{ accountId: account.id }],
      }),
    ];
  }

  private accountsChanged(): void {
    const now = this.currentReadOnlyAccounts();
    const changed = new Set([...now, ...this.readOnlyAccounts].filter((id) => now.has(id) !== this.readOnlyAccounts.has(id)));
    this.readOnlyAccounts = now;
    if (changed.size === 0) return;
    const uris = vscode.workspace.textDocuments
      .map((document) => document.uri)
      .filter((uri) => uri.scheme === DOCUMENT_SCHEME && changed.has(uri.authority));
    this.lensesChanged.fire();
    if (uris.length > 0) this.reportChanged(uris);
  }

  private currentReadOnlyAccounts(): Set<string> {
    return new Set(
      this.services.accounts
        .list()
        .filter((account) => modeOf(account) === 'readOnly')
        .map((account) => account.id),
    );
  }
}
