import * as assert from 'node:assert/strict';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { newObjectId } from '../../../src/core/documents/objectId';
import type { JsonObject, JsonValue } from '../../../src/core/json/lossless';
import { LosslessNumber, parseLossless } from '../../../src/core/json/lossless';
import type { ExplorerNode } from '../../../src/extension/kit/tree/explorerNode';
import { childrenOf, nodeAt, recordTreeRedraws } from '../explorer/explorerFixtures';
import { documentOpenedBy } from '../support/editors';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import type { FakeAnswer } from '../support/fakePrompts';
import { FakePrompts } from '../support/fakePrompts';
import type { ProxiedAccount } from '../support/proxiedAccount';
import { addProxiedAccount } from '../support/proxiedAccount';
import type { RecordingProxy } from '../support/recordingProxy';
import { waitFor } from '../support/waitFor';
import { answerPrompts } from '../support/windowPrompts';

// What the "Documents as files" suites share: an account whose requests the proxy records, the people they open, and reading them.

export const db = 'documenttests';
export const col = 'people';

/** The exact text of one value inside a JSON text. */
export function rawValue(text: string, path: (string | number)[]): string {
  const root = parseTree(text);
  assert.ok(root, `not JSON: ${text}`);
  const node = findNodeAtLocation(root, path);
  assert.ok(node, `no ${path.join('.')} in ${text}`);
  return text.slice(node.offset, node.offset + node.length);
}

export function parsed(text: string): JsonObject {
  return parseLossless(text) as JsonObject;
}

export function tabOpen(uri: vscode.Uri): boolean {
  return vscode.window.tabGroups.all.some((group) =>
    group.tabs.some((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString()),
  );
}

/** Resolves once `check` holds, looking again on every event `event` fires. */
export async function when<T>(event: vscode.Event<T>, check: () => boolean): Promise<void> {
  await waitFor(check, { event });
}

/** Runs a command with its questions answered by the script; the whole script must be used. */
export async function runAnswered(answers: FakeAnswer[], command: string, ...args: unknown[]): Promise<{ prompts: FakePrompts }> {
  const { prompts } = await runScripted(answers, command, ...args);
  assert.equal(prompts.unanswered, 0, `${command} did not ask everything the script answers`);
  return { prompts };
}

/** VS Code's own save of the document, asked about a same-field change: the user's pick; VS Code's choice decides after it. */
export async function saveChoosing(pick: string, document: vscode.TextDocument): Promise<boolean> {
  const prompts = new FakePrompts([{ pick }]);
  answerPrompts(prompts);
  try {
    return await document.save();
  } finally {
    answerPrompts(undefined);
    assert.equal(prompts.unanswered, 0, 'the save did not offer Merge… or Compare or Overwrite…');
  }
}

/** The suite's account, as its `before` hook made it; read only inside tests. */
export interface DocumentsAccount {
  readonly proxy: RecordingProxy;
  readonly accountId: string;
  /** Another client of the same service, not going through the extension. */
  readonly other: DbHostApi;
  /** The tree nodes the DB Host view was told to draw again since the test began (or since {@link showDocumentsInTree}). */
  redrawn(): Array<ExplorerNode | undefined>;
  /**
   * Expands the collection's documents in the DB Host tree, as a person does: the tree keeps what it shows up to
   * date. What it redrew until then is forgotten, so what is recorded next follows what the test does.
   */
  showDocumentsInTree(): Promise<ExplorerNode[]>;
  /** Creates, past the extension, a person with big and exact numbers, a date and nested fields; gives its object id. */
  createPerson(): Promise<string>;
  /** The document's text as the service sends it, past the extension. */
  rawDocument(id: string): Promise<string>;
  /** Opens the document whose `_id` is `docId`, by default the object id `id`, with Open Document. */
  open(id: string, docId?: JsonValue): Promise<vscode.TextDocument>;
}

/**
 * Adds, before the calling suite's tests, an account behind a recording proxy with database {@link db} and
 * collection {@link col}, and records what the DB Host tree redraws; removes both after them. Before each test, what
 * the proxy recorded and the tree redrew is forgotten and the proxy passes everything.
 */
export function documentsAccountForSuite(label: string): DocumentsAccount {
  let made: { proxied: ProxiedAccount; redraws: ReturnType<typeof recordTreeRedraws> } | undefined;
  const current = () => {
    assert.ok(made, "the account is read before the suite's before hook made it");
    return made;
  };

  before(async () => {
    await activateExtension();
    made = { proxied: await addProxiedAccount({ label, db, col }), redraws: recordTreeRedraws() };
  });

  after(async () => {
    made?.redraws.dispose();
    await made?.proxied.remove();
  });

  beforeEach(() => {
    const { proxy } = current().proxied;
    proxy.requests.length = 0;
    proxy.dropWrites = false;
    proxy.dropReads = false;
    current().redraws.redrawn.splice(0);
  });

  const account: DocumentsAccount = {
    get proxy() {
      return current().proxied.proxy;
    },
    get accountId() {
      return current().proxied.accountId;
    },
    get other() {
      return current().proxied.other;
    },
    redrawn: () => current().redraws.redrawn,
    async showDocumentsInTree() {
      const documents = await childrenOf(await nodeAt(account.accountId, 'Databases', db, col, 'Documents'));
      account.redrawn().splice(0);
      return documents;
    },
    async createPerson() {
      const id = newObjectId();
      const person = {
        _id: { $oid: id },
        name: 'Ada',
        big: new LosslessNumber('9007199254740993'),
        price: new LosslessNumber('1.50'),
        address: { city: 'London', zip: 'N1' },
        tags: ['math', 'engines'],
        born: { $date: '1815-12-10T00:00:00.000Z' },
      };
      await account.other.createDocument(db, col, person, { safe: true });
      return id;
    },
    async rawDocument(id) {
      return (await account.other.getDocument(db, col, { $oid: id })).text;
    },
    async open(id, docId = { $oid: id }) {
      const uri = await documentOpenedBy('dbhost.openDocument', { accountId: account.accountId, db, col, docId });
      return vscode.workspace.openTextDocument(uri);
    },
  };
  return account;
}
