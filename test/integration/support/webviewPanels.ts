import * as vscode from 'vscode';
import { passThrough } from './passThrough';

/** What the product posted to one webview panel's page, oldest first (the latest ones). */
export class PanelRecord {
  readonly posted: unknown[] = [];
  private readonly postedEmitter = new vscode.EventEmitter<unknown>();
  /** Fires for each message posted to the page. */
  readonly onDidPost = this.postedEmitter.event;

  add(message: unknown): void {
    this.posted.push(message);
    if (this.posted.length > KEPT_MESSAGES) this.posted.shift();
    this.postedEmitter.fire(message);
  }
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

/** What the product posted to `panel`'s page, recorded as it posted it. */
export function postedTo(panel: vscode.WebviewPanel): PanelRecord {
  const record = records.get(panel);
  if (!record) throw new Error(`The panel "${panel.title}" was not made by vscode.window.createWebviewPanel while recording`);
  return record;
}
