import type { FeatureModule } from '../kit/feature/featureModule';
import * as vscode from 'vscode';
import { hasGuardrails } from '../../core/guardrails/accountGuardrails';
import type { Services } from '../services';
import { ContextKey } from '../kit/feature/contextValues';
import { DOCUMENT_SCHEME, isNewDocumentUri } from '../kit/targets/documentUri';

/**
 * The getting-started walkthrough (package.json `walkthroughs`) completes its steps on `onContext:` keys set
 * here when the thing is done, not when a command is merely started: an account exists (added, or the local
 * service's), a document of the service was saved, an account has a mode, colour or tag. The playground and
 * collection view steps complete on their commands (`onCommand:`).
 */
type StepKey = ContextKey.walkthroughConnected | ContextKey.walkthroughDocumentSaved | ContextKey.walkthroughGuardrailsSet;

/** The walkthrough's step ids in package.json, by the context key that completes each. */
const STEP_ID: Record<StepKey, string> = {
  [ContextKey.walkthroughConnected]: 'connect',
  [ContextKey.walkthroughDocumentSaved]: 'saveDocument',
  [ContextKey.walkthroughGuardrailsSet]: 'guardrails',
};

const SET_CONTEXT: Record<StepKey, (value: boolean) => Thenable<unknown>> = {
  [ContextKey.walkthroughConnected]: (value) => vscode.commands.executeCommand('setContext', ContextKey.walkthroughConnected, value),
  [ContextKey.walkthroughDocumentSaved]: (value) =>
    vscode.commands.executeCommand('setContext', ContextKey.walkthroughDocumentSaved, value),
  [ContextKey.walkthroughGuardrailsSet]: (value) =>
    vscode.commands.executeCommand('setContext', ContextKey.walkthroughGuardrailsSet, value),
};

async function markStepComplete(stepId: string): Promise<void> {
  try {
    await vscode.commands.executeCommand('welcome.markStepComplete', stepId);
  } catch {
    // A host without the Welcome page: its walkthrough, if any, follows the context key alone.
  }
}

export function registerWalkthrough(services: Services): void {
  const done = new Set<ContextKey>();
  const mark = (key: StepKey, value: boolean) => {
    if (value === done.has(key)) return;
    if (value) done.add(key);
    else done.delete(key);
    void SET_CONTEXT[key](value);
    // VS Code ticks an `onContext:` step only when the key turns true after the walkthrough was registered, which
    // happens lazily when the Welcome page first opens: a key already true then is never ticked. Ticking the step
    // as well covers that; the command is the Welcome page's own, absent in hosts without one.
    if (value) void markStepComplete(`${services.context.extension.id}#gettingStarted#${STEP_ID[key]}`);
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
  // Its steps tick a moment after activation, as a person never sees them before.
  register: ({ services, afterActivation }) => {
    services.context.subscriptions.push(afterActivation('the walkthrough', () => registerWalkthrough(services)));
  },
};
