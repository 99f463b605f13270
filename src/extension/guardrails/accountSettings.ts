import * as vscode from 'vscode';
import type { WriteMode } from '../../core/guardrails/accountGuardrails';
import { modeLabel, modeOf } from '../../core/guardrails/accountGuardrails';
import { ACCOUNT_COLORS, WRITE_MODES, colorLabel, loosensToNormal, tagProblem } from '../../core/guardrails/accountSettingsChoices';
import type { Account } from '../kit/accounts/account';
import type { Services } from '../services';

const NO_COLOR = '';

/** A dismissed prompt ends the command quietly (vscode's CancellationError is the one class both bundles share). */
function answered<T>(answer: T | undefined): T {
  if (answer === undefined) throw new vscode.CancellationError();
  return answer;
}

/**
 * Mode, colour and tag of an account, asked in three steps with the current choice marked; leaving
 * Read-only for Normal is confirmed modally.
 */
export async function accountSettings(services: Services, accountId: string): Promise<void> {
  const account = services.accounts.require(accountId);
  const current = modeOf(account);
  const title = vscode.l10n.t('Account Settings: {0}', account.label);
  const mode = answered(
    await services.prompts.pick(
      WRITE_MODES.map((entry) => ({
        label: modeLabel(entry.mode),
        description: entry.mode === current ? 'current' : undefined,
        detail: entry.detail,
        value: entry.mode,
      })),
      { title: vscode.l10n.t('{0} (1/3): writes', title), placeHolder: vscode.l10n.t('Now: {0}', modeLabel(current)) },
    ),
  );
  const color = answered(
    await services.prompts.pick(
      [{ id: NO_COLOR, label: vscode.l10n.t('No colour') }, ...ACCOUNT_COLORS].map((entry) => ({
        label: entry.label,
        description: entry.id === (account.color ?? NO_COLOR) ? 'current' : entry.id,
        iconPath: entry.id ? new vscode.ThemeIcon('circle-filled', new vscode.ThemeColor(entry.id)) : undefined,
        value: entry.id,
      })),
      {
        title: vscode.l10n.t('{0} (2/3): colour of its tree item, document tabs, status bar item', title),
        placeHolder: vscode.l10n.t('Now: {0}', colorLabel(account.color)),
      },
    ),
  );
  const tag = answered(
    await services.prompts.input({
      title: vscode.l10n.t('{0} (3/3): tag', title),
      prompt: vscode.l10n.t("A word shown with the account's data and in every confirmation, e.g. production. Empty for none."),
      value: account.tag ?? '',
      validateInput: tagProblem,
    }),
  ).trim();
  await confirmLoosening(services, account, current, mode);
  const saved = await services.accounts.update(accountId, { mode, color: color || undefined, tag: tag || undefined });
  services.logger.info(
    `Account Settings of "${account.label}": ${modeLabel(mode)}, ${colorLabel(saved.color)}, ${tag ? `tag "${tag}"` : 'no tag'}`,
  );
}

async function confirmLoosening(services: Services, account: Account, from: WriteMode, to: WriteMode): Promise<void> {
  if (!loosensToNormal(from, to)) return;
  const confirmed = await services.prompts.confirm(
    vscode.l10n.t('Let "{0}"{1} send writes without asking?', account.label, account.tag ? ` [${account.tag}]` : ''),
    {
      detail: vscode.l10n.t(
        'The account is Read-only now. In Normal mode, saves, deletes, updates and creates are sent to the service at once.',
      ),
      confirmLabel: vscode.l10n.t('Switch to Normal'),
    },
  );
  answered(confirmed ? true : undefined);
}
