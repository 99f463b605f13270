// The entry of dist/rules.mjs (issue 33): a collection's Rules item, its rules as a file and completion in it, loaded
// the first time a collection is expanded or its rules are opened (registerRules.ts), so the extension's own bundle stays small.
import type * as vscode from 'vscode';
import type { Services } from '../services';
import type { LoadKnowledge } from '../kit/lazy/loadKnowledge';
import type { ExplorerTree } from '../kit/tree/explorerTree';
import type { ExplorerContext } from '../kit/tree/explorerContext';
import type { ExplorerNode } from '../kit/tree/explorerNode';
import type { NodeTargets, TargetNode } from '../kit/tree/treeContributions';
import { DocumentRules } from './documentRules';
import { openRules } from './openRules';
import { rulesCompletions } from './rulesCompletions';
import { RulesFiles } from './rulesFiles';
import type { RulesAddress } from './rulesUri';
import { rulesUnder } from './rulesUnder';
import { watchDocuments } from './watchDocuments';
import { readRulesCheck } from './readRulesCheck';
import type { RulesCheck } from '../kit/writes/rulesSaveCheck';

type CollectionNode = TargetNode<NodeTargets['collection']>;

/** What the main bundle asks of dist/rules.mjs. */
export interface Rules {
  readonly files: RulesFiles;
  children(collection: CollectionNode, context: ExplorerContext): Promise<ExplorerNode[]>;
  open(arg: unknown): Promise<void>;
  complete(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.CompletionItem[]>;
  /** The rules as they concern documents edited as files: diagnostics, quick fixes, the check before a save. */
  readonly documents: DocumentRules;
  /** A collection's rules read now and compiled, for the checks other features make before sending. */
  rulesOf(collection: RulesAddress): Promise<RulesCheck | undefined>;
}

const keyOf = (target: RulesAddress) => JSON.stringify([target.accountId, target.db, target.col]);

export function createRules(services: Services, explorer: ExplorerTree, knowledge: LoadKnowledge): Rules {
  /** The collection items last drawn, by collection: saving rules reloads its items, so its Rules item appears, changes or goes. */
  const collections = new Map<string, CollectionNode>();
  const documents = new DocumentRules(services);
  services.context.subscriptions.push(documents, ...watchDocuments(services, documents));
  const files = new RulesFiles(services, (address) => {
    documents.reload(address);
    const collection = collections.get(keyOf(address));
    if (collection) void explorer.refresh(collection);
  });
  return {
    files,
    documents,
    children: (collection, context) => rulesUnder(collection, context, (node) => collections.set(keyOf(node.target), node)),
    open: (arg) => openRules(services, arg),
    complete: (document, position) => rulesCompletions(knowledge, document, position),
    rulesOf: (collection) => readRulesCheck(services, collection),
  };
}
