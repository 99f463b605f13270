import * as vscode from 'vscode';
import type { FeatureModule } from '../kit/feature/featureModule';
import { registerCommand } from '../base/registerCommand';
import type { Services } from '../services';
import { LocalService } from './localService';
import { CommandId } from '../kit/feature/commandIds';

export function registerLocalService(services: Services): LocalService {
  const local = new LocalService(services);
  services.context.subscriptions.push(
    local,
    registerCommand(services, CommandId.startLocalService, async () => {
      const account = await local.start();
      void services.prompts.info(
        vscode.l10n.t('The DB Host local service runs at {0}; its account is "{1}".', account.baseUrl, account.label),
      );
      return account;
    }),
    registerCommand(services, CommandId.stopLocalService, async () => {
      const stopped = await local.stop();
      if (!stopped) void services.prompts.info(vscode.l10n.t('The DB Host local service is not running in this window.'));
      return stopped;
    }),
  );
  return local;
}

export const localServiceFeature: FeatureModule<void, LocalService> = {
  name: 'localService',
  register: ({ services }) => registerLocalService(services),
};
