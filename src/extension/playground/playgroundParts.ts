import type { PlaygroundParses } from '../kit/playground/playgroundFiles';
import type { PlaygroundAccounts } from './playgroundAccounts';
import type { PlaygroundRunner } from './playgroundRunner';
import type { ResultsDocuments } from './resultsDocuments';

/** What other features build on: the parsed files, their accounts, their results and the runner. */
export interface PlaygroundParts {
  parses: PlaygroundParses;
  accounts: PlaygroundAccounts;
  results: ResultsDocuments;
  runner: PlaygroundRunner;
}
