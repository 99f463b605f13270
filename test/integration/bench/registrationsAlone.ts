import * as vscode from 'vscode';
import { DETAILS_SCHEME } from '../../../src/extension/details/detailsRequest';
import { RESULTS_SCHEME } from '../../../src/extension/playground/resultsDocuments';

/** What of package.json says which registrations VS Code waits for when it activates the extension. */
interface Manifest {
  activationEvents: string[];
  contributes: {
    commands: { command: string }[];
    languageModelTools: { name: string }[];
    views: Record<string, { id: string }[]>;
    mcpServerDefinitionProviders: { id: string }[];
  };
}

const nothing = new vscode.Disposable(() => undefined);

/** A file system that serves nothing: only its registration is measured. */
const noFiles: vscode.FileSystemProvider = {
  onDidChangeFile: () => nothing,
  watch: () => nothing,
  stat: () => {
    throw vscode.FileSystemError.FileNotFound();
  },
  readDirectory: () => [],
  createDirectory: () => undefined,
  readFile: () => new Uint8Array(),
  writeFile: () => undefined,
  delete: () => undefined,
  rename: () => undefined,
};

const eventsOf = (manifest: Manifest, prefix: string): string[] =>
  manifest.activationEvents.filter((event) => event.startsWith(prefix)).map((event) => event.slice(prefix.length));

/**
 * The bench's baseline for `activate()` (bench/activation.ts packages it in place of dist/extension.mjs, beside the
 * product's own package.json): the registrations VS Code waits for when it activates the product, each with a
 * handler that does nothing. Every command and language model tool, the views, the file systems and webview
 * serializers its activation events name, the MCP server provider, and the two read-only document schemes the
 * product serves from activation; its accounts read from its global state, as the product reads them. What is
 * left of the product's `activate()` beyond this is its own code.
 */
export function activate(context: vscode.ExtensionContext): void {
  const started = performance.now();
  const manifest = context.extension.packageJSON as Manifest;
  const keep = (registration: vscode.Disposable) => context.subscriptions.push(registration);
  context.globalState.get('dbhost.accounts');
  for (const { command } of manifest.contributes.commands) keep(vscode.commands.registerCommand(command, () => undefined));
  for (const { name } of manifest.contributes.languageModelTools)
    keep(vscode.lm.registerTool(name, { invoke: () => new vscode.LanguageModelToolResult([]) }));
  for (const { id } of Object.values(manifest.contributes.views).flat())
    keep(vscode.window.createTreeView(id, { treeDataProvider: { getChildren: () => [], getTreeItem: (item: vscode.TreeItem) => item } }));
  for (const scheme of eventsOf(manifest, 'onFileSystem:'))
    keep(vscode.workspace.registerFileSystemProvider(scheme, noFiles, { isCaseSensitive: true }));
  for (const viewType of eventsOf(manifest, 'onWebviewPanel:'))
    keep(vscode.window.registerWebviewPanelSerializer(viewType, { deserializeWebviewPanel: async () => undefined }));
  for (const { id } of manifest.contributes.mcpServerDefinitionProviders)
    keep(vscode.lm.registerMcpServerDefinitionProvider(id, { provideMcpServerDefinitions: () => [] }));
  for (const scheme of [RESULTS_SCHEME, DETAILS_SCHEME])
    keep(vscode.workspace.registerTextDocumentContentProvider(scheme, { provideTextDocumentContent: () => '' }));
  const activationMs = performance.now() - started;
  // The lines test/integration/bench/recordActivation.test.ts reads, in the product's log, made after activation as the product makes it.
  setTimeout(() => {
    const log = vscode.window.createOutputChannel('DB Host', { log: true });
    keep(log);
    log.info(`Activated in ${activationMs.toFixed(1)} ms`);
    log.info('Set up after activation in 0.0 ms');
  }, 0);
}

export function deactivate(): void {}
