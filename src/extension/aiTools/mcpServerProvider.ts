import type { FeatureModule } from '../kit/feature/featureModule';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { modeOf } from '../../core/guardrails/accountGuardrails';
import type { Services } from '../services';

const ACCOUNT_FLAG = '--account-id';

type McpServers = vscode.McpServerDefinitionProvider<vscode.McpStdioServerDefinition>;

/**
 * One MCP server per account for VS Code's MCP clients: dist/mcp.js over stdio with the account's address
 * and mode on its command line, its key put in the child's environment only when VS Code starts it.
 */
function registerMcpServers(services: Services): void {
  const changed = new vscode.EventEmitter<void>();
  services.context.subscriptions.push(
    changed,
    services.accounts.onDidChange(() => changed.fire()),
  );
  const script = path.join(services.context.extensionPath, 'dist', 'mcp.js');
  const version = String((services.context.extension.packageJSON as { version?: unknown }).version ?? '0');
  const provider: McpServers = {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: () =>
      services.accounts.list().map((account) => {
        const args = [script, '--url', account.baseUrl, '--mode', modeOf(account), '--label', account.label, ACCOUNT_FLAG, account.id];
        // The mode is part of the version, so a changed mode restarts the server with it.
        return new vscode.McpStdioServerDefinition(
          `DB Host: ${account.label}`,
          process.execPath,
          args,
          {},
          `${version}-${modeOf(account)}`,
        );
      }),
    resolveMcpServerDefinition: async (server) => {
      const accountId = server.args[server.args.indexOf(ACCOUNT_FLAG) + 1];
      const apiKey = accountId ? await services.accounts.getApiKey(accountId) : undefined;
      if (!apiKey) throw new Error(vscode.l10n.t('The DB Host account of "{0}" has no API key. Use "Change API Key" on it.', server.label));
      server.env = { ...server.env, DBHOST_API_KEY: apiKey, ELECTRON_RUN_AS_NODE: '1' };
      return server;
    },
  };
  services.context.subscriptions.push(vscode.lm.registerMcpServerDefinitionProvider('dbhost.mcpServers', provider));
}

/** The MCP servers: processes, so the desktop's only. */
export const mcpServersFeature: FeatureModule = {
  name: 'mcpServers',
  register: ({ services }) => registerMcpServers(services),
};
