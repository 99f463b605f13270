import type { FeatureModule } from '../kit/feature/featureModule';
import type { RunAfterActivation } from '../base/afterActivation';
import type { LoadKnowledge } from '../kit/lazy/loadKnowledge';
import { knowledgeCommands, registerPlaygroundKnowledge } from './playgroundKnowledge';
import type { PlaygroundParts } from './playgroundParts';

export type { PlaygroundParts };
import * as vscode from 'vscode';
import type { Services } from '../services';
import { choosePlaygroundAccount } from './choosePlaygroundAccount';
import { newQueryPlayground } from './newPlayground';
import { PlaygroundAccounts } from './playgroundAccounts';
import { PlaygroundCodeLenses } from './playgroundCodeLenses';
import { PlaygroundDiagnostics } from './playgroundDiagnostics';
import { PlaygroundParses } from '../kit/playground/playgroundFiles';
import { PlaygroundRunner } from './playgroundRunner';
import { ResultsCodeLenses } from './resultsCodeLenses';
import { RESULTS_SCHEME, ResultsDocuments } from './resultsDocuments';
import { CommandId } from '../kit/feature/commandIds';
import { explainHidden } from '../kit/availability/explainAvailability';
import { aggregateHidden } from '../kit/availability/aggregateAvailability';

/** Query playgrounds: `.query.json` files with diagnostics, Run lenses (right after activation), and results beside them. */
export function registerPlaygrounds(services: Services, afterActivation: RunAfterActivation): PlaygroundParts {
  const parses = new PlaygroundParses();
  const diagnostics = new PlaygroundDiagnostics(parses);
  const accounts = new PlaygroundAccounts(services.accounts, services.context.workspaceState);
  const results = new ResultsDocuments(services.virtualDocuments);
  const runner = new PlaygroundRunner(services, parses, diagnostics, accounts, results);
  const playgroundSelector: vscode.DocumentSelector = [{ language: 'jsonc' }, { language: 'json' }, { pattern: '**/*.query.json' }];

  services.context.subscriptions.push(diagnostics, accounts, results);
  afterActivation('the playground lenses', () =>
    services.context.subscriptions.push(
      vscode.languages.registerCodeLensProvider(
        playgroundSelector,
        new PlaygroundCodeLenses(
          parses,
          accounts,
          (accountId) => explainHidden(services, accountId),
          (accountId) => aggregateHidden(services, accountId),
        ),
      ),
      vscode.languages.registerCodeLensProvider({ scheme: RESULTS_SCHEME }, new ResultsCodeLenses(results)),
    ),
  );
  return { parses, accounts, results, runner };
}

/** What the playground feature gives the features that build on it: its parts, and the loader of what knows the data. */
export interface Playgrounds {
  parts: PlaygroundParts;
  knowledge: LoadKnowledge;
}

export const playgroundFeature: FeatureModule<void, Playgrounds> = {
  name: 'playground',
  commands: {
    ...knowledgeCommands,
    [CommandId.runPlaygroundQuery]: ({ own }, file?: unknown, index?: unknown) => own.parts.runner.run(file, index),
    [CommandId.showNextResultsPage]: ({ own }, resultsUri?: unknown) => own.parts.runner.page('next', resultsUri),
    [CommandId.showPreviousResultsPage]: ({ own }, resultsUri?: unknown) => own.parts.runner.page('previous', resultsUri),
    [CommandId.choosePlaygroundAccount]: ({ services, own }, file?: unknown) => choosePlaygroundAccount(services, own.parts.accounts, file),
    [CommandId.newQueryPlayground]: ({ services, own }, arg?: unknown) => newQueryPlayground(services, own.parts.accounts, arg),
  },
  register({ services, afterActivation }) {
    const parts = registerPlaygrounds(services, afterActivation);
    return { parts, knowledge: registerPlaygroundKnowledge(services, parts, afterActivation) };
  },
};
