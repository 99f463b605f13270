import * as vscode from 'vscode';
import { required } from '../base/registerCommand';
import type { Services } from '../services';

/** A key that failed its check is kept only when the user says so; otherwise nothing is saved. */
export async function confirmDespiteFailedCheck(services: Services, message: string, keepLabel: string): Promise<void> {
  const keep = await services.prompts.confirm(message, {
    detail: vscode.l10n.t(
      'Choose "{0}" to keep it anyway (for example when the service is down for now), or Cancel to discard it.',
      keepLabel,
    ),
    confirmLabel: keepLabel,
  });
  required(keep ? true : undefined);
}
