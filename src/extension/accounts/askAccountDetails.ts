import * as vscode from 'vscode';
import { required } from '../base/registerCommand';
import type { Prompts } from '../base/prompts';
import { sendsKeyInClear } from '../kit/accounts/account';

export function validateBaseUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return vscode.l10n.t('Enter the full address of the service, e.g. https://api.example.com');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return vscode.l10n.t('The address must start with https:// or http://');
  if (url.search || url.hash) return vscode.l10n.t('The address takes no query or fragment (the key is asked for separately)');
  // The address is stored in plain state and shown in the tree: a password in it would be too.
  if (url.username || url.password)
    return vscode.l10n.t('The address takes no user name or password: leave them out (the key is asked for separately)');
  return undefined;
}

/** The address as stored: trimmed, without a trailing slash. */
export function normalizeBaseUrl(text: string): string {
  return text.trim().replace(/\/+$/, '');
}

export async function askBaseUrl(prompts: Prompts, value?: string): Promise<string> {
  const answer = required(
    await prompts.input({
      title: vscode.l10n.t('DB Host account'),
      prompt: vscode.l10n.t('The base address of the service'),
      placeHolder: 'https://api.example.com',
      value,
      validateInput: validateBaseUrl,
    }),
  );
  const baseUrl = normalizeBaseUrl(answer);
  await confirmKeyInClear(prompts, baseUrl);
  return baseUrl;
}

/** An http address that leaves this machine would carry the key in clear: ask before saving it. */
export async function confirmKeyInClear(prompts: Prompts, baseUrl: string): Promise<void> {
  if (!sendsKeyInClear(baseUrl)) return;
  const confirmed = await prompts.confirm(vscode.l10n.t('{0} is not encrypted: the API key would travel in clear.', baseUrl), {
    detail: vscode.l10n.t(
      'Anyone on the network between you and the service could read the key and use the account. Use https unless the service is on this machine.',
    ),
    confirmLabel: vscode.l10n.t('Use http Anyway'),
  });
  required(confirmed ? true : undefined);
}

export async function askApiKey(prompts: Prompts, accountLabel: string): Promise<string> {
  const key = required(
    await prompts.input({
      title: vscode.l10n.t('API key for {0}', accountLabel),
      prompt: vscode.l10n.t("The account's API key. It is kept in the secret storage of VS Code only."),
      password: true,
      validateInput: (text) => (text.trim() === '' ? vscode.l10n.t('Enter the API key') : undefined),
    }),
  );
  return key.trim();
}

export async function askLabel(prompts: Prompts, value: string, title: string): Promise<string> {
  const label = required(
    await prompts.input({
      title,
      prompt: vscode.l10n.t('A name for the account'),
      value,
      validateInput: (text) => (text.trim() === '' ? vscode.l10n.t('Enter a name') : undefined),
    }),
  );
  return label.trim();
}
