import * as vscode from 'vscode';
import type { Services } from '../services';
import type { LocalService } from './localService';

/** Stop Local Service: stops the one this window started, or says there is none. */
export async function stopLocalService(services: Services, local: LocalService): Promise<void> {
  if (!(await local.stop())) void services.prompts.info(vscode.l10n.t('The DB Host local service is not running in this window.'));
}
