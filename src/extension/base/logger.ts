import * as vscode from 'vscode';
import { redactSecrets } from './redaction';
import { Disposable } from './disposable';

/**
 * The "DB Host" log channel. Every line passes through {@link redactSecrets}, so a key that slipped
 * into an error text from anywhere still never reaches the log.
 */
export class Logger extends Disposable {
  private readonly channel = this.register(vscode.window.createOutputChannel('DB Host', { log: true }));

  info(message: string): void {
    this.channel.info(redactSecrets(message));
  }
  warn(message: string): void {
    this.channel.warn(redactSecrets(message));
  }
  error(message: string, error?: unknown): void {
    const detail = error instanceof Error ? `${error.message}${error.stack ? `\n${error.stack}` : ''}` : error === undefined ? '' : String(error);
    this.channel.error(redactSecrets(detail ? `${message}: ${detail}` : message));
  }
  debug(message: string): void {
    this.channel.debug(redactSecrets(message));
  }
  show(): void {
    this.channel.show(true);
  }
}
