import { DbHostClient } from '../../../src/client/dbHostClient';
import type { Prompts } from '../../../src/extension/base/prompts';
import { Logger } from '../../../src/extension/base/logger';
import { ResourceChanges } from '../../../src/extension/base/resourceTarget';
import { VirtualDocuments } from '../../../src/extension/base/virtualDocuments';
import { AccountStore } from '../../../src/extension/kit/accounts/accountStore';
import { RulesSaveChecks } from '../../../src/extension/kit/writes/rulesSaveCheck';
import type { Services } from '../../../src/extension/services';
import { fakeExtensionContext } from './extensionContext';

/** The extension's Services on the vscode fake (install it first), answering questions with `prompts`; dispose `context` after. */
export function fakeServices(prompts: Prompts): {
  context: ReturnType<typeof fakeExtensionContext>;
  accounts: AccountStore;
  services: Services;
} {
  const context = fakeExtensionContext();
  const logger = new Logger();
  logger.open();
  const accounts = new AccountStore(context.globalState, context.secrets, logger, (options) => new DbHostClient(options));
  context.subscriptions.push(logger, accounts);
  const services: Services = {
    context,
    logger,
    accounts,
    changes: new ResourceChanges(),
    rulesSaveChecks: new RulesSaveChecks(),
    prompts,
    virtualDocuments: new VirtualDocuments(),
  };
  return { context, accounts, services };
}
