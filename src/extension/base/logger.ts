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

type Level = 'info' | 'warn' | 'error' | 'debug';

/**
 * The "DB Host" log channel. Every line is tagged with the component that wrote it (`scoped`) and passes
 * through {@link KnownKeys.redact}, so a key that slipped into an error text from anywhere still never reaches the log.
 * It holds the window's one set of known keys: features and lazily loaded bundles scrub what they show with it.
 *
 * The channel is made by `open()`, which activation hands over to run right after activate() (making a log
 * channel is a round trip to VS Code and a log folder, about a millisecond no activation event waits for); the
 * lines written before it are held and written then, in order. Showing the log opens it at once.
 */
export class Logger extends Disposable implements ComponentLogger {
  constructor(readonly keys = new KnownKeys()) {
    super();
  }

  private channel: vscode.LogOutputChannel | undefined;
  private held: [Level, string][] = [];
  private readonly extension = this.scoped('extension');

  /** Makes the channel (once) and writes the lines held until now into it. */
  open(): vscode.LogOutputChannel {
    if (this.channel) return this.channel;
    const channel = this.register(vscode.window.createOutputChannel('DB Host', { log: true }));
    this.channel = channel;
    for (const [level, line] of this.held.splice(0)) channel[level](line);
    return channel;
  }

  scoped(component: string): ComponentLogger {
    const line = (message: string) => this.keys.redact(`[${component}] ${message}`);
    return {
      info: (message) => this.write('info', line(message)),
      warn: (message) => this.write('warn', line(message)),
      error: (message, error) => this.write('error', line(withDetail(message, error))),
      debug: (message) => this.write('debug', line(message)),
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
    this.open().show(true);
  }

  private write(level: Level, line: string): void {
    if (this.channel) this.channel[level](line);
    else if (!this.isDisposed) this.held.push([level, line]);
  }
}
