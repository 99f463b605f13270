import type { FeatureModule } from '../shared/featureModule';
import * as vscode from 'vscode';
import { lazyModule } from '../base/lazyModule';
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
  const loadHost = lazyModule('aiTools.js', (bundle: typeof AiToolsModule): AiToolHost => {
    const host = new bundle.AiToolHost(services, (text) => services.logger.keys.redact(text));
    services.context.subscriptions.push(host.log);
    return host;
  });
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

export const aiToolsFeature: FeatureModule<void, ReturnType<typeof registerAiTools>> = {
  name: 'aiTools',
  register: ({ services }) => registerAiTools(services),
};
