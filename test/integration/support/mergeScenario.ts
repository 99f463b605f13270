import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { newObjectId } from '../../../src/core/documents/objectId';
import type { RecordingProxy } from './recordingProxy';
import { replaceFirst } from './textEditing';
import type { MergeView } from './mergeViews';
import type { FakeAnswer } from './fakePrompts';
import { FakePrompts } from './fakePrompts';
import { answerPrompts } from './windowPrompts';
import { documentOpenedBy } from './editors';

/** A merge choice per field label: take a side, or the edited result (JSON text). */
export type MergeChoices = Record<string, { take: 'mine' | 'theirs' } | { take: 'edited'; text: string }>;

/** The merge page's Save Merge, with the user's choice per field by its label; the other fields as the page proposes. */
export async function saveMerge(view: MergeView, choose: MergeChoices, answers: FakeAnswer[] = []): Promise<FakePrompts> {
  const prompts = new FakePrompts(answers);
  answerPrompts(prompts);
  try {
    const rows = (await view.shown()).fields;
    await view.send({ type: 'save', choices: rows.map((row) => ({ key: row.key, ...(choose[row.label] ?? { take: row.take }) })) });
  } finally {
    answerPrompts(undefined);
  }
  return prompts;
}

/** What the service holds of a document, as plain JSON. */
export async function storedDocument(client: DbHostApi, db: string, col: string, id: string): Promise<Record<string, unknown>> {
  return JSON.parse((await client.getDocument(db, col, { $oid: id })).text) as Record<string, unknown>;
}

/** Where a document is edited on both sides: the account's view of it, and another client of the same service. */
export interface BothSides {
  accountId: string;
  db: string;
  col: string;
  other: DbHostApi;
  proxy: RecordingProxy;
  /** The editors' documents opened here, for the suite to discard after. */
  opened: vscode.TextDocument[];
}

/** Ada opened in an editor, her name and city edited there, and her name and age changed by another client meanwhile. */
export async function editedOnBothSides(sides: BothSides): Promise<{ id: string; document: vscode.TextDocument }> {
  const { accountId, db, col, other, proxy, opened } = sides;
  const id = newObjectId();
  await other.createDocument(db, col, { _id: { $oid: id }, name: 'Ada', city: 'London', age: 36 }, { safe: true });
  const uri = await documentOpenedBy('dbhost.openDocument', { accountId, db, col, docId: { $oid: id } });
  const document = await vscode.workspace.openTextDocument(uri);
  opened.push(document);
  await vscode.window.showTextDocument(document);
  await replaceFirst(document, '"Ada"', '"Ada Lovelace"');
  await replaceFirst(document, '"London"', '"Leeds"');
  await other.updateDocument(db, col, { $oid: id }, { $set: { name: 'Ada King', age: 37 } }, { safe: true });
  proxy.requests.length = 0;
  return { id, document };
}
