import { hasGuardrails } from '../../core/guardrails/accountGuardrails';
import { resolveAccount } from '../kit/targets/resolveTarget';
import * as vscode from 'vscode';
import type { Services } from '../services';
import { guardrailsBundle } from '../kit/lazy/loadGuardrails';
import { installWriteGuard } from './writeGuard';
import { CommandId } from '../kit/feature/commandIds';
import type { FeatureModule } from '../kit/feature/featureModule';
import type { RunAfterActivation } from '../base/afterActivation';

/**
 * Guardrails of accounts: the write guard at the account store's choke point, Account Settings…, and,
 * once any account has a mode, colour or tag, that look on its documents and in the status bar.
 * Activated before every other feature, so no client is made without the guard; the look (status bar item,
 * file decorations; its code loaded then) and the completion are set up right after activation.
 */
function registerGuardrails(services: Services, afterActivation: RunAfterActivation): void {
  installWriteGuard(services);
  let look: vscode.Disposable | undefined;
  const showLookOnceUsed = () => {
    if (look || !services.accounts.list().some(hasGuardrails)) return;
    look = guardrailsBundle().showAccountLook(services.accounts);
    services.context.subscriptions.push(look);
  };
  services.context.subscriptions.push(services.accounts.onDidChange(showLookOnceUsed));
  afterActivation('the guardrails look', showLookOnceUsed);
  afterActivation('the completion of account labels', () => registerAccountLabelCompletion(services));
}

/** Completion of "account" in playgrounds offers the labels. */
function registerAccountLabelCompletion(services: Services): void {
  services.context.subscriptions.push(
    vscode.languages.registerCompletionItemProvider(
      { pattern: '**/*.query.json' },
      {
        provideCompletionItems: (document, position) => guardrailsBundle().accountLabelItems(services.accounts.list(), document, position),
      },
      '"',
    ),
  );
}

export const guardrailsFeature: FeatureModule = {
  name: 'guardrails',
  commands: {
    [CommandId.accountSettings]: async ({ services }, arg?: unknown) => {
      const { accountId } = await resolveAccount(services, arg);
      await guardrailsBundle().accountSettings(services, accountId);
    },
  },
  register: ({ services, afterActivation }) => registerGuardrails(services, afterActivation),
};
