import type * as vscode from 'vscode';
import { Disposable } from '../base/disposable';
import type { ExplorerContext } from '../explorer/explorerContext';
import type { ExplorerNode } from '../explorer/explorerNode';
import { PlaygroundCompletions } from '../playground/playgroundCompletions';
import { PlaygroundData } from '../playground/playgroundData';
import { PlaygroundHovers } from '../playground/playgroundHovers';
import type { PlaygroundParts } from '../playground/registerPlaygrounds';
import { UnseenFields } from '../playground/unseenFields';
import { SchemaNode } from '../schema/schemaNode';
import { SchemaReports } from '../schema/schemaReport';
import type { SchemaTarget } from '../schema/schemaStore';
import { SchemaStore } from '../schema/schemaStore';
import type { Services } from '../services';

export interface KnowledgeDependencies {
  services: Services;
  playground: PlaygroundParts;
}

/**
 * Everything that knows the data behind playgrounds: sampled schemas (tree, report), completion,
 * hovers and field checks. Bundled apart as dist/playgroundKnowledge.js and loaded on first use
 * (a collection expanded, a playground opened), so activation stays small.
 */
export class Knowledge extends Disposable {
  readonly schemas: SchemaStore;
  readonly reports: SchemaReports;
  readonly completions: vscode.CompletionItemProvider;
  readonly hovers: vscode.HoverProvider;

  constructor(dependencies: KnowledgeDependencies) {
    super();
    const { services, playground } = dependencies;
    this.schemas = this.register(new SchemaStore(services.accounts));
    this.reports = this.register(new SchemaReports(services, this.schemas));
    const data = new PlaygroundData(services, playground.accounts, this.schemas);
    this.completions = new PlaygroundCompletions(data, services.logger);
    this.hovers = new PlaygroundHovers(data, services.logger);
    this.register(new UnseenFields(data, services.logger));
  }

  schemaNode(collection: ExplorerNode & { target: SchemaTarget }, context: ExplorerContext): ExplorerNode {
    return new SchemaNode(collection, context, this.schemas);
  }
}

export function createKnowledge(dependencies: KnowledgeDependencies): Knowledge {
  return new Knowledge(dependencies);
}
