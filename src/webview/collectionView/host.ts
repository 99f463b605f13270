// The page's one line to the extension: what it sends, what it receives (checked), and what it keeps across a reload.
import type { ExtensionMessage, WebviewMessage } from '../../core/table/protocol';
import { checkExtensionMessage } from '../../core/table/protocol';

declare function acquireVsCodeApi(): { postMessage(message: WebviewMessage): void; setState(state: unknown): void; getState(): unknown };

/** What the page keeps across a reload of the webview: the extension's opaque restore text and the row selection. */
export interface KeptState {
  restore?: unknown;
  selection?: unknown;
}

export class Host {
  private readonly api = acquireVsCodeApi();
  private readonly keptState: KeptState;

  constructor() {
    const saved = this.api.getState() as KeptState | undefined;
    this.keptState = { restore: saved?.restore, selection: saved?.selection };
  }

  /** What the page kept before this load, if anything. */
  get kept(): Readonly<KeptState> {
    return this.keptState;
  }

  send(message: WebviewMessage): void {
    this.api.postMessage(message);
  }

  keep(change: KeptState): void {
    Object.assign(this.keptState, change);
    this.api.setState({ restore: this.keptState.restore, selection: this.keptState.selection });
  }

  /** Calls `receive` with every message from the extension that is exactly one; drops anything else. */
  listen(receive: (message: ExtensionMessage) => void): void {
    window.addEventListener('message', (event: MessageEvent<unknown>) => {
      const message = checkExtensionMessage(event.data);
      if (message) receive(message);
    });
  }
}
