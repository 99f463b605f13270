import * as vscode from 'vscode';
import { passThrough } from './passThrough';

/** What the product posted to one webview panel's page, and what the page sent back, oldest first (the latest ones). */
export class PanelRecord {
  readonly posted: unknown[] = [];
  private readonly postedEmitter = new vscode.EventEmitter<unknown>();
  /** Fires for each message posted to the page. */
  readonly onDidPost = this.postedEmitter.event;
  readonly received: unknown[] = [];
  /** Messages a test sends in the page's place: the product's listeners get them as they get the page's. */
  readonly fromTest = new vscode.EventEmitter<unknown>();
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

interface Recorder {
  readonly records: WeakMap<object, PanelRecord>;
  /** Fires with each panel made, once the product has it. */
  readonly made: vscode.EventEmitter<vscode.WebviewPanel>;
  /** The panels made and not yet disposed of, oldest first. */
  readonly open: Set<vscode.WebviewPanel>;
}

// Each test file is bundled with its own copy of this module: the copies share one recorder, as they share the
// product's `vscode.window` (the suite runs from inside the product's folder), whose createWebviewPanel it wraps.
const recorder: Recorder = ((globalThis as { [key: symbol]: Recorder })[Symbol.for('dbhost.integration.webviewPanels')] ??= recordPanels());

function recordPanels(): Recorder {
  const records = new WeakMap<object, PanelRecord>();
  const made = new vscode.EventEmitter<vscode.WebviewPanel>();
  const open = new Set<vscode.WebviewPanel>();
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
      onDidReceiveMessage: (listener: (message: unknown) => unknown, thisArgs?: unknown) =>
        vscode.Disposable.from(panel.webview.onDidReceiveMessage(listener, thisArgs), record.fromTest.event(listener, thisArgs)),
    });
    const recording = passThrough(panel, { webview });
    records.set(recording, record);
    open.add(recording);
    panel.onDidDispose(() => open.delete(recording));
    made.fire(recording);
    return recording;
  };
  return { records, made, open };
}

/** Resolves with the next webview panel made from now on (by the product or a test), after the code that made it has run on. */
export function nextPanelMade(): Promise<vscode.WebviewPanel> {
  return new Promise((resolve) => {
    const subscription = recorder.made.event((panel) => {
      subscription.dispose();
      resolve(panel);
    });
  });
}

/** What the product posted to `panel`'s page and what the page sent back, recorded as they were sent. */
export function postedTo(panel: vscode.WebviewPanel): PanelRecord {
  const record = recorder.records.get(panel);
  if (!record) throw new Error(`The panel "${panel.title}" was not made by vscode.window.createWebviewPanel while recording`);
  return record;
}

/** The webview panels of `viewType` made while recording and not yet disposed of, oldest first. */
export function openPanels(viewType: string): vscode.WebviewPanel[] {
  return [...recorder.open].filter((panel) => panel.viewType === viewType);
}

/** Whether `panel` is still open (not disposed of by the product, the user or a test). */
export function isOpen(panel: vscode.WebviewPanel): boolean {
  return recorder.open.has(panel);
}

/** Sends `message` to the product as `panel`'s page would (carried as JSON, as a page's message is). */
export function sendAsPage(panel: vscode.WebviewPanel, message: unknown): void {
  postedTo(panel).fromTest.fire(JSON.parse(JSON.stringify(message)));
}

/** Runs `run` (a command, say) and resolves with the webview panels of `viewType` it opened, oldest first. */
export async function panelsOpenedBy(viewType: string, run: () => Thenable<unknown>): Promise<vscode.WebviewPanel[]> {
  const before = new Set(openPanels(viewType));
  await run();
  return openPanels(viewType).filter((panel) => !before.has(panel));
}
