import type { FeatureModule } from '../shared/featureModule';
import * as vscode from 'vscode';
import { hasGuardrails } from '../../core/guardrails/accountGuardrails';
import type { Services } from '../services';
import { ContextKey } from '../shared/contextValues';
import { DOCUMENT_SCHEME, isNewDocumentUri } from '../shared/documentUri';

/**
 * The getting-started walkthrough (package.json `walkthroughs`) completes its steps on `onContext:` keys set
 * here when the thing is done, not when a command is merely started: an account exists (added, or the local
 * service's), a document of the service was saved, an account has a mode, colour or tag. The playground and
 * collection view steps complete on their commands (`onCommand:`).
 */
type StepKey = ContextKey.walkthroughConnected | ContextKey.walkthroughDocumentSaved | ContextKey.walkthroughGuardrailsSet;

const SET_CONTEXT: Record<StepKey, (value: boolean) => Thenable<unknown>> = {
  [ContextKey.walkthroughConnected]: (value) => vscode.commands.executeCommand('setContext', ContextKey.walkthroughConnected, value),
  [ContextKey.walkthroughDocumentSaved]: (value) =>
    vscode.commands.executeCommand('setContext', ContextKey.walkthroughDocumentSaved, value),
  [ContextKey.walkthroughGuardrailsSet]: (value) =>
    vscode.commands.executeCommand('setContext', ContextKey.walkthroughGuardrailsSet, value),
};

export function registerWalkthrough(services: Services): void {
  const done = new Set<ContextKey>();
  const mark = (key: StepKey, value: boolean) => {
    if (value === done.has(key)) return;
    if (value) done.add(key);
    else done.delete(key);
    void SET_CONTEXT[key](value);
  };
  const accountsChanged = () => {
    const accounts = services.accounts.list();
    mark(ContextKey.walkthroughConnected, accounts.length > 0);
    mark(ContextKey.walkthroughGuardrailsSet, accounts.some(hasGuardrails));
  };
  accountsChanged();
  services.context.subscriptions.push(
    services.accounts.onDidChange(accountsChanged),
    vscode.workspace.onDidSaveTextDocument((document) => {
      if (document.uri.scheme === DOCUMENT_SCHEME && !isNewDocumentUri(document.uri)) mark(ContextKey.walkthroughDocumentSaved, true);
    }),
  );
}

export const walkthroughFeature: FeatureModule = {
  name: 'walkthrough',
  register: ({ services }) => registerWalkthrough(services),
};
