import * as vscode from 'vscode';
import { Disposable } from './disposable';
import { KnownKeys } from '../../core/text/knownKeys';

/** Log lines of one component of the extension, tagged `[component]` in the "DB Host" channel. */
export interface ComponentLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  debug(message: string): void;
}

const withDetail = (message: string, error: unknown): string => {
  const detail =
    error instanceof Error ? `${error.message}${error.stack ? `\n${error.stack}` : ''}` : error === undefined ? '' : String(error);
  return detail ? `${message}: ${detail}` : message;
};

/**
 * The "DB Host" log channel. Every line is tagged with the component that wrote it (`scoped`) and passes
 * through {@link KnownKeys.redact}, so a key that slipped into an error text from anywhere still never reaches the log.
 * It holds the window's one set of known keys: features and lazily loaded bundles scrub what they show with it.
 */
export class Logger extends Disposable implements ComponentLogger {
  constructor(readonly keys = new KnownKeys()) {
    super();
  }

  private readonly channel = this.register(vscode.window.createOutputChannel('DB Host', { log: true }));
  private readonly extension = this.scoped('extension');

  scoped(component: string): ComponentLogger {
    const line = (message: string) => this.keys.redact(`[${component}] ${message}`);
    return {
      info: (message) => this.channel.info(line(message)),
      warn: (message) => this.channel.warn(line(message)),
      error: (message, error) => this.channel.error(line(withDetail(message, error))),
      debug: (message) => this.channel.debug(line(message)),
    };
  }

  info(message: string): void {
    this.extension.info(message);
  }
  warn(message: string): void {
    this.extension.warn(message);
  }
  error(message: string, error?: unknown): void {
    this.extension.error(message, error);
  }
  debug(message: string): void {
    this.extension.debug(message);
  }
  /** The one message a user sees for a failure, scrubbed of every key this window knows. */
  describe(error: unknown): string {
    return this.keys.redact(error instanceof Error ? error.message : String(error));
  }
  show(): void {
    this.channel.show(true);
  }
}
