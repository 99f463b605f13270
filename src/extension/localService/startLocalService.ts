import * as vscode from 'vscode';
import type { Services } from '../services';
import type { LocalService } from './localService';

/** Start Local Service: starts it (or finds it running) and says where, and which account is its. */
export async function startLocalService(services: Services, local: LocalService): Promise<void> {
  const account = await local.start();
  void services.prompts.info(vscode.l10n.t('The DB Host local service runs at {0}; its account is "{1}".', account.baseUrl, account.label));
}
