import type * as vscode from 'vscode';
import { Disposable } from '../base/disposable';
import type { ExplorerContext } from '../kit/tree/explorerContext';
import type { ExplorerNode } from '../kit/tree/explorerNode';
import type { TargetNode } from '../kit/tree/treeContributions';
import { PlaygroundCompletions } from '../playground/playgroundCompletions';
import { PlaygroundData } from '../playground/playgroundData';
import { PlaygroundHovers } from '../playground/playgroundHovers';
import { PipelinePreviews } from '../playground/pipelinePreviews';
import type { PlaygroundParts } from '../playground/playgroundParts';
import { QueryHistory } from '../playground/queryHistory';
import { RunAll } from '../playground/runAll';
import { UnseenFields } from '../playground/unseenFields';
import { SchemaNode } from '../schema/schemaNode';
import { SchemaReports } from '../schema/schemaReport';
import type { SchemaTarget } from '../kit/playground/schemaStore';
import { SchemaStore } from '../kit/playground/schemaStore';
import type { Services } from '../services';

export interface KnowledgeDependencies {
  services: Services;
  playground: PlaygroundParts;
  /** The event the extension's stand-in CodeLens provider was registered with before this module loaded. */
  runAllLensesChanged: vscode.EventEmitter<void>;
}

/**
 * The entry of dist/playgroundKnowledge.mjs (kit/lazy/loadKnowledge.ts): everything that knows the data behind playgrounds: sampled schemas (tree, report), completion,
 * hovers, field checks, Run All and the query history. Bundled apart as dist/playgroundKnowledge.mjs and loaded on first use
 * (a collection expanded, a playground opened), so activation stays small.
 */
export class Knowledge extends Disposable {
  readonly schemas: SchemaStore;
  readonly reports: SchemaReports;
  readonly completions: vscode.CompletionItemProvider;
  readonly hovers: vscode.HoverProvider;
  readonly history: QueryHistory;
  readonly runAll: RunAll;
  readonly previews: PipelinePreviews;

  constructor(dependencies: KnowledgeDependencies) {
    super();
    const { services, playground } = dependencies;
    try {
      this.schemas = this.register(new SchemaStore(services.accounts));
      this.reports = this.register(new SchemaReports(services, this.schemas));
      const data = new PlaygroundData(services, playground.accounts, this.schemas);
      this.completions = new PlaygroundCompletions(data, services.logger);
      this.hovers = new PlaygroundHovers(data, services.logger);
      this.register(new UnseenFields(data));
      this.history = new QueryHistory(services, playground);
      this.runAll = this.register(new RunAll(services, playground, this.history, dependencies.runAllLensesChanged));
      this.previews = new PipelinePreviews(services, playground);
    } catch (error) {
      // A half-built Knowledge lets go of what it registered (its document schemes, listeners), so loading it can be tried again.
      this.dispose();
      throw error;
    }
  }

  /** The lenses of playgrounds and Run All documents this bundle gives: Run All, and Preview to here above each stage. */
  async lenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    return [...(await this.runAll.provideCodeLenses(document)), ...(await this.previews.provideCodeLenses(document))];
  }

  schemaNode(collection: TargetNode<SchemaTarget>, context: ExplorerContext): ExplorerNode {
    return new SchemaNode(collection, context, this.schemas);
  }
}

export function createKnowledge(dependencies: KnowledgeDependencies): Knowledge {
  return new Knowledge(dependencies);
}
