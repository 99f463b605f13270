import type { DbHostApi } from '../../../src/core/api/types';
import type { MergePanel } from '../../../src/extension/documents/mergePanel';
import type { FakeAnswer } from './fakePrompts';
import { FakePrompts } from './fakePrompts';
import { answerPrompts } from './windowPrompts';

/** A merge choice per field label: take a side, or the edited result (JSON text). */
export type MergeChoices = Record<string, { take: 'mine' | 'theirs' } | { take: 'edited'; text: string }>;

/** The merge page's Save Merge, with the user's choice per field by its label; the other fields as the page proposes. */
export async function saveMerge(view: MergePanel, choose: MergeChoices, answers: FakeAnswer[] = []): Promise<FakePrompts> {
  const prompts = new FakePrompts(answers);
  answerPrompts(prompts);
  try {
    const rows = view.shown().fields;
    await view.receive({ type: 'save', choices: rows.map((row) => ({ key: row.key, ...(choose[row.label] ?? { take: row.take }) })) });
  } finally {
    answerPrompts(undefined);
  }
  return prompts;
}

/** What the service holds of a document, as plain JSON. */
export async function storedDocument(client: DbHostApi, db: string, col: string, id: string): Promise<Record<string, unknown>> {
  return JSON.parse((await client.getDocument(db, col, { $oid: id })).text) as Record<string, unknown>;
}
