import type { FeatureModule } from '../kit/feature/featureModule';
import * as vscode from 'vscode';
import { lazyPart } from '../base/lazyPart';
import type { Services } from '../services';
import type * as AiToolsModule from './aiToolsBundle';
import type { AiToolHost } from './aiToolHost';

/**
 * The language-model tools (package.json's `languageModelTools`, described in src/core/aiTools), on the desktop
 * and in the browser alike: they need nothing but the service's HTTP API. The tools' code is dist/aiTools.mjs
 * (dist/web/aiTools.js), loaded at the first call: activation registers names only. The MCP servers, processes,
 * are the desktop's (mcpServerProvider.ts).
 */
export function registerAiTools(services: Services): void {
  const loadHost = lazyPart('aiTools', (bundle: typeof AiToolsModule): AiToolHost => {
    const host = new bundle.AiToolHost(services, (text) => services.logger.keys.redact(text));
    services.context.subscriptions.push(host.log);
    return host;
  });
  const contributed = (services.context.extension.packageJSON as { contributes?: { languageModelTools?: { name: string }[] } }).contributes
    ?.languageModelTools;
  for (const { name } of contributed ?? []) {
    services.context.subscriptions.push(
      vscode.lm.registerTool<object>(name, {
        prepareInvocation: async (options) => (await loadHost()).prepare(name, options.input),
        invoke: async (options) => (await loadHost()).invoke(name, options.input),
      }),
    );
  }
}

export const aiToolsFeature: FeatureModule = {
  name: 'aiTools',
  register: ({ services }) => registerAiTools(services),
};
