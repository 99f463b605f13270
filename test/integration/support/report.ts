/** What the suite entry writes when the run ends and the driving script reads: the only channel between the two. */
export interface SuiteReport {
  /** The VS Code the suite ran in, e.g. "1.139.1". */
  vscodeVersion: string;
  tests: TestResult[];
  productExtension: ProductExtensionState;
  /** Set when the suite could not run at all (mocha or a suite file failed to load). */
  fatal?: string;
}

export interface TestResult {
  /** The full title: describe blocks and test, joined by spaces. */
  title: string;
  state: 'passed' | 'failed' | 'pending';
  error?: string;
}

export interface ProductExtensionState {
  found: boolean;
  active: boolean;
  /** Why activation failed, when it did. */
  activationError?: string;
}
