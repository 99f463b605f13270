import * as vscode from 'vscode';
import { passThrough } from './passThrough';

/** What the product posted to one webview panel's page, and what the page sent back, oldest first (the latest ones). */
export class PanelRecord {
  readonly posted: unknown[] = [];
  private readonly postedEmitter = new vscode.EventEmitter<unknown>();
  /** Fires for each message posted to the page. */
  readonly onDidPost = this.postedEmitter.event;
  readonly received: unknown[] = [];
  private readonly receivedEmitter = new vscode.EventEmitter<unknown>();
  /** Fires for each message the page sent to the product. */
  readonly onDidReceive = this.receivedEmitter.event;

  add(message: unknown): void {
    keepLatest(this.posted, message);
    this.postedEmitter.fire(message);
  }

  addReceived(message: unknown): void {
    keepLatest(this.received, message);
    this.receivedEmitter.fire(message);
  }
}

function keepLatest(messages: unknown[], message: unknown): void {
  messages.push(message);
  if (messages.length > KEPT_MESSAGES) messages.shift();
}

const KEPT_MESSAGES = 50;

type CreatePanel = (...args: unknown[]) => vscode.WebviewPanel;
const writable = vscode.window as unknown as { createWebviewPanel: CreatePanel };

// Each test file is bundled with its own copy of this module: the copies share one recorder, as they share the
// product's `vscode.window` (the suite runs from inside the product's folder), whose createWebviewPanel it wraps.
const records: WeakMap<object, PanelRecord> = ((globalThis as { [key: symbol]: WeakMap<object, PanelRecord> })[
  Symbol.for('dbhost.integration.webviewPanels')
] ??= recordPanels());

function recordPanels(): WeakMap<object, PanelRecord> {
  const made = new WeakMap<object, PanelRecord>();
  const create = writable.createWebviewPanel;
  writable.createWebviewPanel = (...args) => {
    const panel = create(...args);
    const record = new PanelRecord();
    // One more listener beside the product's: it sees what the page sends and changes nothing of what the product gets.
    panel.webview.onDidReceiveMessage((message: unknown) => record.addReceived(message));
    const webview = passThrough(panel.webview, {
      postMessage: (message: unknown) => {
        record.add(message);
        return panel.webview.postMessage(message);
      },
    });
    const recording = passThrough(panel, { webview });
    made.set(recording, record);
    return recording;
  };
  return made;
}

/** What the product posted to `panel`'s page and what the page sent back, recorded as they were sent. */
export function postedTo(panel: vscode.WebviewPanel): PanelRecord {
  const record = records.get(panel);
  if (!record) throw new Error(`The panel "${panel.title}" was not made by vscode.window.createWebviewPanel while recording`);
  return record;
}
