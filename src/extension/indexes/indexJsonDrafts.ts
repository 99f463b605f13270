import * as vscode from 'vscode';
import type { IndexDefinition } from '../../core/api/types';
import type { CollectionTarget } from '../kit/targets/collectionTarget';
import { formatIndexBody } from '../../core/indexes/formatIndexBody';
import { Disposable } from '../base/disposable';
import { CommandId } from '../kit/feature/commandIds';

/** Files ending so are validated by schemas/index.schema.json (package.json `jsonValidation`). */
export const indexBodySuffix = '.dbhost-index.json';

export function isIndexBodyDocument(document: vscode.TextDocument): boolean {
  return document.uri.path.endsWith(indexBodySuffix);
}

const fileNamePart = (name: string) => name.replace(/[\\/:*?"<>|\s]+/g, '_');

/**
 * Index bodies opened for editing, each an untitled JSON document that remembers which collection it
 * is for. A body the user saved elsewhere and reopened has no collection: creating it asks for one.
 */
export class IndexJsonDrafts extends Disposable {
  private readonly targets = new Map<string, CollectionTarget>();
  private opened = 0;
  constructor() {
    super();
    this.register(vscode.workspace.onDidCloseTextDocument((document) => this.targets.delete(document.uri.toString())));
  }

  async open(target: CollectionTarget, definition: IndexDefinition): Promise<void> {
    this.opened++;
    const uri = vscode.Uri.from({
      scheme: 'untitled',
      path: `/${fileNamePart(target.db)}.${fileNamePart(target.col)}-${this.opened}${indexBodySuffix}`,
    });
    const document = await vscode.workspace.openTextDocument(uri);
    this.targets.set(document.uri.toString(), target);
    const editor = await vscode.window.showTextDocument(document);
    await editor.edit((edit) => edit.replace(new vscode.Range(0, 0, document.lineCount, 0), formatIndexBody(definition)));
  }

  targetOf(document: vscode.TextDocument): CollectionTarget | undefined {
    return this.targets.get(document.uri.toString());
  }

  override dispose(): void {
    super.dispose();
    this.targets.clear();
  }
}

/** "Create index" above every index body. */
export class IndexBodyCodeLens implements vscode.CodeLensProvider {
  constructor(private readonly drafts: IndexJsonDrafts) {}

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!isIndexBodyDocument(document)) return [];
    const target = this.drafts.targetOf(document);
    return [
      new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), {
        title: target ? vscode.l10n.t('$(play) Create index on {0}.{1}', target.db, target.col) : vscode.l10n.t('$(play) Create index…'),
        command: CommandId.createIndexFromJson,
        arguments: [document.uri],
      }),
    ];
  }
}
