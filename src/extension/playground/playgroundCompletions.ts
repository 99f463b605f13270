import * as vscode from 'vscode';
import type { CompletionData, CompletionKind } from '../../core/playground/completionItems';
import { completionsAt } from '../../core/playground/completionItems';
import type { PlaygroundPlace } from '../../core/playground/completionPlace';
import { placeAt } from '../../core/playground/completionPlace';
import type { Logger } from '../base/logger';
import type { PlaygroundData } from './playgroundData';
import { isPlaygroundDocument } from '../kit/playground/playgroundFiles';

const KINDS: Record<CompletionKind, vscode.CompletionItemKind> = {
  field: vscode.CompletionItemKind.Field,
  operator: vscode.CompletionItemKind.Operator,
  database: vscode.CompletionItemKind.Module,
  collection: vscode.CompletionItemKind.Class,
};

/** Field paths from the collection's sampled schema, operators, database and collection names, where each can go in a playground. */
export class PlaygroundCompletions implements vscode.CompletionItemProvider {
  constructor(
    private readonly data: PlaygroundData,
    private readonly logger: Logger,
  ) {}

  async provideCompletionItems(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.CompletionItem[] | undefined> {
    if (!isPlaygroundDocument(document)) return undefined;
    const at = placeAt(document.getText(), document.offsetAt(position));
    if (!at) return undefined;
    const known = await this.dataFor(document.uri, at);
    return completionsAt(at, known).map((completion) => {
      const item = new vscode.CompletionItem({ label: completion.label, description: completion.detail }, KINDS[completion.kind]);
      item.detail = completion.detail;
      if (completion.documentation) item.documentation = completion.documentation;
      item.insertText = completion.insertText;
      item.filterText = completion.filterText;
      item.sortText = completion.sortText;
      const start = document.positionAt(completion.range.offset);
      item.range = new vscode.Range(start, document.positionAt(completion.range.offset + completion.range.length));
      return item;
    });
  }

  /** What the service can tell for this place; what it cannot (no account settled yet, a failed request) is left out. */
  private async dataFor(file: vscode.Uri, at: PlaygroundPlace): Promise<CompletionData> {
    const account = this.data.accountOf(file, at.target);
    if (!account) return {};
    try {
      switch (at.place.kind) {
        case 'database':
          return { databases: await this.data.databaseNames(account) };
        case 'collection':
          return at.place.database === undefined ? {} : { collections: await this.data.collectionNames(account, at.place.database) };
        case 'selectorKey':
        case 'fieldKey':
        case 'fieldValue':
        case 'pipeline': {
          const schema = await this.data.schemaOf(file, at.target);
          return schema ? { schema: schema.schema } : {};
        }
        default:
          return {};
      }
    } catch (error) {
      this.logger.warn(`Completion could not ask the service: ${this.logger.describe(error)}`);
      return {};
    }
  }
}
