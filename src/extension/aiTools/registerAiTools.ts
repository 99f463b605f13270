import * as path from 'node:path';
import * as vscode from 'vscode';
import { redactSecrets } from '../base/redaction';
import type { Services } from '../services';
import type * as AiToolsModule from './aiToolsBundle';
import type { AiToolHost } from './aiToolHost';
import type { McpServers } from './mcpServerProvider';
import { registerMcpServers } from './mcpServerProvider';

/**
 * The language-model tools (package.json's `languageModelTools`, described in src/core/aiTools) and the MCP
 * servers. The tools' code is dist/aiTools.js, loaded at the first call: activation registers names only.
 */
export function registerAiTools(services: Services): { host(): AiToolHost; mcpServers: McpServers } {
  let host: AiToolHost | undefined;
  const loadHost = (): AiToolHost => {
    if (!host) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a run-time path esbuild must not follow
      const bundle = require(path.join(__dirname, 'aiTools.js')) as typeof AiToolsModule;
      host = new bundle.AiToolHost(services, redactSecrets);
      services.context.subscriptions.push(host.log);
    }
    return host;
  };
  const contributed = (services.context.extension.packageJSON as { contributes?: { languageModelTools?: { name: string }[] } }).contributes
    ?.languageModelTools;
  for (const { name } of contributed ?? []) {
    services.context.subscriptions.push(
      vscode.lm.registerTool<object>(name, {
        prepareInvocation: (options) => loadHost().prepare(name, options.input),
        invoke: (options) => loadHost().invoke(name, options.input),
      }),
    );
  }
  return { host: loadHost, mcpServers: registerMcpServers(services) };
}
