import type * as vscode from 'vscode';
import { Disposable } from '../base/disposable';
import type { ExplorerContext } from '../shared/tree/explorerContext';
import type { ExplorerNode } from '../shared/tree/explorerNode';
import { PlaygroundCompletions } from '../playground/playgroundCompletions';
import { PlaygroundData } from '../playground/playgroundData';
import { PlaygroundHovers } from '../playground/playgroundHovers';
import type { PlaygroundParts } from '../playground/registerPlaygrounds';
import { QueryHistory } from '../playground/queryHistory';
import { RunAll } from '../playground/runAll';
import { UnseenFields } from '../playground/unseenFields';
import { SchemaNode } from '../schema/schemaNode';
import { SchemaReports } from '../schema/schemaReport';
import type { SchemaTarget } from '../shared/schemaStore';
import { SchemaStore } from '../shared/schemaStore';
import type { Services } from '../services';
import type { KnowledgeCommand } from './knowledgeCommands';
import { CommandId } from '../shared/commandIds';

export interface KnowledgeDependencies {
  services: Services;
  playground: PlaygroundParts;
  /** The event the extension's stand-in CodeLens provider was registered with before this module loaded. */
  runAllLensesChanged: vscode.EventEmitter<void>;
  /** The extension's own: asks for what a command was not given (its cancellation is the extension's). */
  resolveCollection(arg: unknown): Promise<SchemaTarget>;
}

/**
 * Everything that knows the data behind playgrounds: sampled schemas (tree, report), completion,
 * hovers, field checks, Run All and the query history. Bundled apart as dist/playgroundKnowledge.js and loaded on first use
 * (a collection expanded, a playground opened), so activation stays small.
 */
export class Knowledge extends Disposable {
  readonly schemas: SchemaStore;
  readonly reports: SchemaReports;
  readonly completions: vscode.CompletionItemProvider;
  readonly hovers: vscode.HoverProvider;
  readonly history: QueryHistory;
  readonly runAll: RunAll;

  constructor(private readonly dependencies: KnowledgeDependencies) {
    super();
    const { services, playground } = dependencies;
    this.schemas = this.register(new SchemaStore(services.accounts));
    this.reports = this.register(new SchemaReports(services, this.schemas));
    const data = new PlaygroundData(services, playground.accounts, this.schemas);
    this.completions = new PlaygroundCompletions(data, services.logger);
    this.hovers = new PlaygroundHovers(data, services.logger);
    this.register(new UnseenFields(data));
    this.history = new QueryHistory(services, playground);
    this.runAll = this.register(new RunAll(services, playground, this.history, dependencies.runAllLensesChanged));
  }

  /** Runs the command of {@link KNOWLEDGE_COMMANDS} with the arguments VS Code gave it. */
  async command(id: KnowledgeCommand, args: unknown[]): Promise<unknown> {
    const [first, second, third] = args;
    switch (id) {
      case CommandId.showSchema:
        return (await this.reports.show(await this.dependencies.resolveCollection(first))).uri.toString();
      case CommandId.refreshSchema:
        return (await this.schemas.refresh(await this.dependencies.resolveCollection(first))).schema;
      case CommandId.runAllPlaygroundQueries:
        return this.runAll.run(first);
      case CommandId.pageRunAllResults:
        return this.runAll.page(first, second, third);
      case CommandId.clearQueryHistory:
        return this.history.clear();
      case CommandId.showQueryHistory:
        return this.history.pick();
    }
  }

  schemaNode(collection: ExplorerNode & { target: SchemaTarget }, context: ExplorerContext): ExplorerNode {
    return new SchemaNode(collection, context, this.schemas);
  }
}

export function createKnowledge(dependencies: KnowledgeDependencies): Knowledge {
  return new Knowledge(dependencies);
}
