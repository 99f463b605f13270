import * as vscode from 'vscode';
import { passThrough } from './passThrough';
import { productExtensionId } from './product';

/** A status bar item the product made, as VS Code shows it: its text and tooltip, and whether it is showing. */
export interface StatusItemRecord {
  readonly item: vscode.StatusBarItem;
  shown: boolean;
}

/** A tree view the product made, with the data provider VS Code asks for its items. */
export interface TreeViewRecord {
  readonly view: vscode.TreeView<unknown>;
  readonly provider: vscode.TreeDataProvider<unknown>;
}

interface Registrations {
  readonly treeViews: Map<string, TreeViewRecord>;
  readonly statusItems: Map<string, StatusItemRecord>;
  readonly decorationProviders: Set<vscode.FileDecorationProvider>;
  readonly mcpServerProviders: Map<string, vscode.McpServerDefinitionProvider>;
  readonly tools: Map<string, vscode.LanguageModelTool<object>>;
  readonly panelSerializers: Map<string, vscode.WebviewPanelSerializer>;
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };
const window = vscode.window as Writable<typeof vscode.window>;
const lm = vscode.lm as Writable<typeof vscode.lm>;

// Each test file is bundled with its own copy of this module: the copies share one recorder, as they share the
// product's `vscode` API (the suite runs from inside the product's folder), whose registering functions it wraps.
// The suite entry (index.ts) imports it before it activates the product, so what activation registers is seen.
const registrations: Registrations = ((globalThis as { [key: symbol]: Registrations })[Symbol.for('dbhost.integration.registrations')] ??=
  recordRegistrations());

function recordRegistrations(): Registrations {
  if (vscode.extensions.getExtension(productExtensionId)?.isActive)
    throw new Error('The product activated before the suite could record what it registers: import support/registrations first');
  const recorded: Registrations = {
    treeViews: new Map(),
    statusItems: new Map(),
    decorationProviders: new Set(),
    mcpServerProviders: new Map(),
    tools: new Map(),
    panelSerializers: new Map(),
  };
  recordTreeViews(recorded.treeViews);
  recordStatusItems(recorded.statusItems);
  recordDecorationProviders(recorded.decorationProviders);
  lm.registerMcpServerDefinitionProvider = keptByName(recorded.mcpServerProviders, lm.registerMcpServerDefinitionProvider);
  lm.registerTool = keptByName(recorded.tools, lm.registerTool) as typeof lm.registerTool;
  window.registerWebviewPanelSerializer = keptByName(recorded.panelSerializers, window.registerWebviewPanelSerializer);
  return recorded;
}

function recordTreeViews(treeViews: Map<string, TreeViewRecord>): void {
  const create = window.createTreeView;
  window.createTreeView = <T>(viewId: string, options: vscode.TreeViewOptions<T>): vscode.TreeView<T> => {
    const view = create(viewId, options);
    treeViews.set(viewId, {
      view: view as vscode.TreeView<unknown>,
      provider: options.treeDataProvider as vscode.TreeDataProvider<unknown>,
    });
    return view;
  };
}

function recordStatusItems(statusItems: Map<string, StatusItemRecord>): void {
  const create = window.createStatusBarItem as (...args: unknown[]) => vscode.StatusBarItem;
  window.createStatusBarItem = ((...args: unknown[]) => {
    const real = create(...args);
    if (typeof args[0] !== 'string') return real;
    const record: StatusItemRecord = { item: real, shown: false };
    const item = passThrough(real, {
      show: () => {
        record.shown = true;
        real.show();
      },
      hide: () => {
        record.shown = false;
        real.hide();
      },
      dispose: () => {
        record.shown = false;
        if (statusItems.get(args[0] as string) === record) statusItems.delete(args[0] as string);
        real.dispose();
      },
    });
    statusItems.set(args[0], record);
    return item;
  }) as typeof vscode.window.createStatusBarItem;
}

function recordDecorationProviders(providers: Set<vscode.FileDecorationProvider>): void {
  const register = window.registerFileDecorationProvider;
  window.registerFileDecorationProvider = (provider) => {
    const registration = register(provider);
    providers.add(provider);
    return new vscode.Disposable(() => {
      providers.delete(provider);
      registration.dispose();
    });
  };
}

/**
 * `register` (a VS Code registration keyed by a name) that also keeps what it registered in `kept` under its name
 * until its registration is disposed.
 */
function keptByName<V>(
  kept: Map<string, V>,
  register: (name: string, value: V) => vscode.Disposable,
): (name: string, value: V) => vscode.Disposable {
  return (name, value) => {
    const registration = register(name, value);
    kept.set(name, value);
    return new vscode.Disposable(() => {
      if (kept.get(name) === value) kept.delete(name);
      registration.dispose();
    });
  };
}

export function treeViewOf(viewId: string): TreeViewRecord {
  const record = registrations.treeViews.get(viewId);
  if (!record) throw new Error(`The product made no tree view "${viewId}"`);
  return record;
}

/** The status bar item `id` as the product last made it, if it made one and has not disposed of it. */
export function statusItemOf(id: string): StatusItemRecord | undefined {
  return registrations.statusItems.get(id);
}

/** Every status bar item the product made and has not disposed of. */
export function statusItems(): StatusItemRecord[] {
  return [...registrations.statusItems.values()];
}

/** The decoration VS Code shows on `uri` (a tab, an entry) from the product's providers, if any. */
export async function decorationOf(uri: vscode.Uri): Promise<vscode.FileDecoration | undefined> {
  for (const provider of registrations.decorationProviders) {
    const decoration = await provider.provideFileDecoration(uri, new vscode.CancellationTokenSource().token);
    if (decoration) return decoration;
  }
  return undefined;
}

/** The MCP server definition provider the product registered as `id` (package.json's mcpServerDefinitionProviders). */
export function mcpServerProviderOf(id: string): vscode.McpServerDefinitionProvider {
  const provider = registrations.mcpServerProviders.get(id);
  if (!provider) throw new Error(`The product registered no MCP server definition provider "${id}"`);
  return provider;
}

/** The language-model tool the product registered as `name`, as VS Code calls it (prepareInvocation, then invoke). */
export function toolOf(name: string): vscode.LanguageModelTool<object> {
  const tool = registrations.tools.get(name);
  if (!tool) throw new Error(`The product registered no language-model tool "${name}"`);
  return tool;
}

/** What the product registered to bring back its webview panels of `viewType` after a reload, as VS Code calls it. */
export function panelSerializerOf(viewType: string): vscode.WebviewPanelSerializer {
  const serializer = registrations.panelSerializers.get(viewType);
  if (!serializer) throw new Error(`The product registered no webview panel serializer for "${viewType}"`);
  return serializer;
}
