import * as assert from 'node:assert/strict';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import { newObjectId } from '../../../src/core/documents/objectId';
import type { JsonObject, JsonValue } from '../../../src/core/json/lossless';
import { LosslessNumber, parseLossless } from '../../../src/core/json/lossless';
import { documentUri } from '../../../src/extension/kit/targets/documentUri';
import type { ExplorerNode } from '../../../src/extension/kit/tree/explorerNode';
import { childrenOf, isListOf, nodeAt, recordTreeRedraws, treeItemOf } from '../explorer/explorerFixtures';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import type { FakeAnswer } from '../support/fakePrompts';
import { FakePrompts } from '../support/fakePrompts';
import { discard, replaceFirst } from '../support/textEditing';
import type { ProxiedAccount } from '../support/proxiedAccount';
import { addProxiedAccount } from '../support/proxiedAccount';
import type { RecordingProxy } from '../support/recordingProxy';
import { waitFor } from '../support/waitFor';
import { answerPrompts } from '../support/windowPrompts';
import { documentInFront, documentOpenedBy } from '../support/editors';

const db = 'documenttests';
const col = 'people';

/** The exact text of one value inside a JSON text. */
function rawValue(text: string, path: (string | number)[]): string {
  const root = parseTree(text);
  assert.ok(root, `not JSON: ${text}`);
  const node = findNodeAtLocation(root, path);
  assert.ok(node, `no ${path.join('.')} in ${text}`);
  return text.slice(node.offset, node.offset + node.length);
}

function parsed(text: string): JsonObject {
  return parseLossless(text) as JsonObject;
}

async function replaceAll(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

/** Closes the editor tabs of a URI (or of every dbhost: document) without reverting them. */
async function closeTabs(uri?: vscode.Uri): Promise<void> {
  const tabs = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter(
      (tab) =>
        tab.input instanceof vscode.TabInputText && (uri ? tab.input.uri.toString() === uri.toString() : tab.input.uri.scheme === 'dbhost'),
    );
  await vscode.window.tabGroups.close(tabs);
}

function tabOpen(uri: vscode.Uri): boolean {
  return vscode.window.tabGroups.all.some((group) =>
    group.tabs.some((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString()),
  );
}

/** Resolves once `check` holds, looking again on every event `event` fires. */
async function when<T>(event: vscode.Event<T>, check: () => boolean): Promise<void> {
  await waitFor(check, { event });
}

describe('Documents as files', function () {
  this.timeout(60_000);
  let proxied: ProxiedAccount | undefined;
  let proxy: RecordingProxy;
  let accountId: string;
  /** Another client of the same service, not going through the extension. */
  let other: DbHostApi;
  let redraws: ReturnType<typeof recordTreeRedraws> | undefined;
  const redrawn = (): Array<ExplorerNode | undefined> => redraws?.redrawn ?? [];

  /**
   * Expands the collection's documents in the DB Host tree, as a person does: the tree keeps what it shows up to
   * date. What it redrew until then is forgotten, so what is recorded next follows what the test does.
   */
  async function showDocumentsInTree(): Promise<ExplorerNode[]> {
    const documents = await childrenOf(await nodeAt(accountId, 'Databases', db, col, 'Documents'));
    redrawn().splice(0);
    return documents;
  }

  async function createPerson(): Promise<string> {
    const id = newObjectId();
    await other.createDocument(
      db,
      col,
      {
        _id: { $oid: id },
        name: 'Ada',
        big: new LosslessNumber('9007199254740993'),
        price: new LosslessNumber('1.50'),
        address: { city: 'London', zip: 'N1' },
        tags: ['math', 'engines'],
        born: { $date: '1815-12-10T00:00:00.000Z' },
      },
      { safe: true },
    );
    return id;
  }

  async function rawDocument(id: string): Promise<string> {
    return (await other.getDocument(db, col, { $oid: id })).text;
  }

  /** Opens the document whose `_id` is `docId`, by default the object id `id`. */
  async function open(id: string, docId: JsonValue = { $oid: id }): Promise<vscode.TextDocument> {
    const uri = await documentOpenedBy('dbhost.openDocument', { accountId, db, col, docId });
    return vscode.workspace.openTextDocument(uri);
  }

  /** Runs a command with its questions answered by the script; the whole script must be used. */
  /** VS Code's own save of the document, asked about a same-field change: the user's pick; VS Code's choice decides after it. */
  async function saveChoosing(pick: string, document: vscode.TextDocument): Promise<boolean> {
    const prompts = new FakePrompts([{ pick }]);
    answerPrompts(prompts);
    try {
      return await document.save();
    } finally {
      answerPrompts(undefined);
      assert.equal(prompts.unanswered, 0, 'the save did not offer Merge… or Compare or Overwrite…');
    }
  }

  async function runAnswered(answers: FakeAnswer[], command: string, ...args: unknown[]): Promise<{ prompts: FakePrompts }> {
    const { prompts } = await runScripted(answers, command, ...args);
    assert.equal(prompts.unanswered, 0, `${command} did not ask everything the script answers`);
    return { prompts };
  }

  before(async () => {
    await activateExtension();
    proxied = await addProxiedAccount({ label: 'Document tests', db, col });
    ({ proxy, accountId, other } = proxied);
    redraws = recordTreeRedraws();
  });

  after(async () => {
    redraws?.dispose();
    await proxied?.remove();
  });

  beforeEach(() => {
    proxy.requests.length = 0;
    proxy.dropWrites = false;
    proxy.dropReads = false;
    redrawn().splice(0);
  });

  it('opens a document pretty-printed with the numbers and extended JSON exactly as the service sent them', async () => {
    const id = await createPerson();
    const sent = await rawDocument(id);
    const document = await open(id);
    assert.equal(document.uri.toString(), documentUri({ accountId, db, col, docId: { $oid: id } }).toString());
    assert.equal(document.uri.authority, accountId);
    const text = document.getText();
    assert.ok(text.startsWith('{\n  "_id": {\n    "$oid": '), text);
    for (const path of [['_id'], ['big'], ['price'], ['born'], ['tags']]) {
      assert.equal(
        rawValue(text, path).replace(/\s+/g, ''),
        rawValue(sent, path).replace(/\s+/g, ''),
        `${path.join('.')} differs from what the service sent`,
      );
    }
  });

  it('saves an edited nested field as a $set of just that field, leaving every other field byte for byte', async () => {
    const id = await createPerson();
    const before = await rawDocument(id);
    const isThisDocument = (node: ExplorerNode | undefined) => JSON.stringify(node?.target?.docId) === JSON.stringify({ $oid: id });
    assert.ok((await showDocumentsInTree()).some(isThisDocument), 'the tree does not show the document');
    const document = await open(id);
    await replaceFirst(document, '"London"', '"Paris"');

    assert.equal(await document.save(), true);
    assert.equal(document.isDirty, false);

    const writes = proxy.writes();
    assert.equal(writes.length, 1);
    assert.equal(writes[0].method, 'PUT');
    assert.equal(writes[0].path, `/databases/${db}/collections/${col}/documents/${encodeURIComponent(`{"$oid":"${id}"}`)}`);
    assert.deepEqual(JSON.parse(writes[0].body), { document: { $set: { 'address.city': 'Paris' } }, safe: true });
    const after = await rawDocument(id);
    assert.equal(rawValue(after, ['address', 'city']), '"Paris"');
    for (const path of [['_id'], ['name'], ['big'], ['price'], ['address', 'zip'], ['tags'], ['born']]) {
      assert.equal(rawValue(after, path), rawValue(before, path), `${path.join('.')} changed`);
    }
    const tooltip = await waitFor(
      async () => {
        const node = redrawn().find(isThisDocument);
        return node && ((await treeItemOf(node)).tooltip as vscode.MarkdownString | undefined)?.value;
      },
      { what: 'the tree drawing the saved document again' },
    );
    assert.match(tooltip, /"city": "Paris"/, 'the tree shows the document as it was before the save');
    assert.ok(!redrawn().some((node) => isListOf(node, 'documents', db, col)), 'a save of one document reloads the whole list');
  });

  it('sends nothing when the saved text changes no field', async () => {
    const id = await createPerson();
    const document = await open(id);
    await replaceFirst(document, '"name": "Ada",', '"name":    "Ada",');
    assert.equal(await document.save(), true);
    assert.deepEqual(proxy.writes(), []);
  });

  it('keeps invalid JSON in the dirty editor, sends nothing and says where the error is', async () => {
    const id = await createPerson();
    const before = await rawDocument(id);
    const document = await open(id);
    await replaceFirst(document, '"name": "Ada",', '"name": "Ada",,');

    assert.equal(await document.save(), false);
    assert.equal(document.isDirty, true);
    assert.ok(document.getText().includes('"Ada",,'));
    assert.deepEqual(proxy.writes(), []);
    assert.equal(await rawDocument(id), before);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(document.getText()))), (error: Error) => {
      assert.match(error.message, /not valid JSON/);
      assert.match(error.message, /line 5, column 17/);
      return true;
    });
  });

  it('refuses a changed _id with a clear message and sends nothing', async () => {
    const id = await createPerson();
    const document = await open(id);
    await replaceFirst(document, id, newObjectId());
    assert.equal(await document.save(), false);
    assert.equal(document.isDirty, true);
    assert.deepEqual(proxy.writes(), []);
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(document.getText()))),
      /_id field cannot be changed/,
    );
  });

  it("refuses a save over a version where another client changed the same field; Overwrite then sends only the user's change", async () => {
    const id = await createPerson();
    const document = await open(id);
    await replaceFirst(document, '"Ada"', '"Ada Lovelace"');
    // Same length as before: VS Code's newer-file check must not depend on the size changing.
    await other.updateDocument(db, col, { $oid: id }, { $set: { name: 'Ida', 'address.zip': 'N2' } }, { safe: true });

    assert.equal(await saveChoosing('Compare or Overwrite…', document), false, 'the save over a newer version went through');
    assert.equal(document.isDirty, true);
    assert.deepEqual(proxy.writes(), []);
    assert.equal(parsed(await rawDocument(id)).name, 'Ida');

    // What VS Code's "Overwrite" does: the same save with the newer-file check turned off.
    const files = vscode.workspace.getConfiguration('files');
    await files.update('saveConflictResolution', 'overwriteFileOnDisk', vscode.ConfigurationTarget.Global);
    try {
      assert.equal(await document.save(), true);
    } finally {
      await files.update('saveConflictResolution', undefined, vscode.ConfigurationTarget.Global);
    }
    const writes = proxy.writes();
    assert.equal(writes.length, 1);
    assert.deepEqual(JSON.parse(writes[0].body), { document: { $set: { name: 'Ada Lovelace' } }, safe: true });
    const stored = parsed(await rawDocument(id));
    assert.equal(stored.name, 'Ada Lovelace');
    assert.deepEqual(stored.address, { city: 'London', zip: 'N2' });

    // The editor then shows what the service holds, the other client's change included.
    await when(vscode.workspace.onDidChangeTextDocument, () => document.getText().includes('"N2"'));
    assert.equal(document.isDirty, false);
  });

  it('refuses a save when the version the edits started from is unknown, instead of diffing against the service', async () => {
    const id = await createPerson();
    const uri = documentUri({ accountId, db, col, docId: { $oid: id } });
    const edited = (await rawDocument(id)).replace('"Ada"', '"Ada B."');
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(uri, Buffer.from(edited))), (error: Error) => {
      assert.match(error.message, new RegExp(`the version of ${id} your edits started from is no longer known`));
      assert.match(error.message, /Your text stays in this editor/);
      return true;
    });
    assert.deepEqual(proxy.writes(), []);
    assert.equal(parsed(await rawDocument(id)).name, 'Ada');
  });

  it('keeps the edit when the service drops the connection mid-save, and saves it once the service is back', async () => {
    const id = await createPerson();
    const document = await open(id);
    await replaceFirst(document, '"London"', '"Leeds"');

    proxy.dropWrites = true;
    try {
      assert.equal(await document.save(), false);
      assert.equal(document.isDirty, true);
      assert.ok(document.getText().includes('"Leeds"'));
      assert.equal((parsed(await rawDocument(id)).address as JsonObject).city, 'London');
      await assert.rejects(
        Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(document.getText()))),
        (error: Error) => {
          assert.match(error.message, new RegExp(`Could not save the document ${id}: .+Your edit is kept; save again to retry\\.`));
          return true;
        },
      );
    } finally {
      proxy.dropWrites = false;
    }

    assert.equal(await document.save(), true);
    assert.equal(document.isDirty, false);
    assert.equal((parsed(await rawDocument(id)).address as JsonObject).city, 'Leeds');
  });

  it('opens and saves a document whose string _id holds a slash, spaces and unicode', async () => {
    const id = 'a/b c ü';
    await other.createDocument(db, col, { _id: id, n: 1 }, { safe: true });
    const document = await open(id, id);
    assert.ok(!document.uri.path.includes(' '), document.uri.toString());
    assert.equal(parsed(document.getText())._id, id);
    await replaceFirst(document, '"n": 1', '"n": 2');
    assert.equal(await document.save(), true);
    assert.equal(parsed((await other.getDocument(db, col, id)).text).n, 2);
  });

  it('creates a new document with a generated object id and then shows the stored document in its place', async () => {
    const templateUri = await documentOpenedBy('dbhost.newDocument', { accountId, db, col });
    assert.match(templateUri.path, /\/New Document \d+\.json$/);
    const template = await vscode.workspace.openTextDocument(templateUri);
    const generated = (parsed(template.getText())._id as JsonObject).$oid;
    assert.equal(typeof generated, 'string');
    const realUri = documentUri({ accountId, db, col, docId: { $oid: generated as string } });
    const isNew = (node: ExplorerNode | undefined) => JSON.stringify(node?.target?.docId) === JSON.stringify({ $oid: generated });
    assert.ok(!(await showDocumentsInTree()).some(isNew));
    // The user writes the document without an _id.
    await replaceAll(template, '{\n  "name": "Grace",\n  "count": 12345678901234567890\n}\n');
    const shown = when(vscode.window.onDidChangeVisibleTextEditors, () =>
      vscode.window.visibleTextEditors.some((editor) => editor.document.uri.toString() === realUri.toString()),
    );

    assert.equal(await template.save(), true);
    await shown;

    const writes = proxy.writes();
    assert.equal(writes.length, 1);
    assert.equal(writes[0].method, 'POST');
    assert.ok(writes[0].body.includes('"count":12345678901234567890'), writes[0].body);
    const body = parseLossless(writes[0].body) as { document: JsonObject; safe: JsonValue };
    assert.equal(body.safe, true);
    assert.deepEqual(body.document._id, { $oid: generated });
    assert.equal(parsed(await rawDocument(generated as string)).name, 'Grace');
    const templateOpen = () =>
      vscode.window.tabGroups.all.some((group) =>
        group.tabs.some((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === templateUri.toString()),
      );
    await when(vscode.window.tabGroups.onDidChangeTabs, () => !templateOpen());
    assert.ok(
      redrawn().some((node) => isListOf(node, 'documents', db, col)),
      "the tree was not told the collection's documents changed",
    );
    // The view may be loading the list again as the test asks for it (it asks the same provider): look until it is in.
    let listed: ExplorerNode[] = [];
    await waitFor(async () => (listed = await showDocumentsInTree()).some(isNew), {
      what: 'the tree listing the new document',
      describeState: () => `it lists ${listed.map((node) => JSON.stringify(node.target?.docId ?? node.treeItem().label)).join(', ')}`,
      limitMs: 20_000,
    });
  });

  it('says a new document was created when opening it afterwards fails, and opens it on request', async () => {
    /** The person reads the warning, waits for the service to answer again, then chooses the action. */
    class UserWhoRetries extends FakePrompts {
      override async warn(message: string, ...actions: string[]): Promise<string | undefined> {
        await super.warn(message);
        proxy.dropReads = false;
        return actions[0];
      }
    }
    const prompts = new UserWhoRetries();
    const templateUri = await documentOpenedBy('dbhost.newDocument', { accountId, db, col });
    const template = await vscode.workspace.openTextDocument(templateUri);
    const generated = (parsed(template.getText())._id as JsonObject).$oid as string;
    const realUri = documentUri({ accountId, db, col, docId: { $oid: generated } });
    await replaceAll(template, '{\n  "name": "Hopper"\n}\n');
    const shown = when(vscode.window.onDidChangeVisibleTextEditors, () =>
      vscode.window.visibleTextEditors.some((editor) => editor.document.uri.toString() === realUri.toString()),
    );

    answerPrompts(prompts);
    proxy.dropReads = true;
    try {
      assert.equal(await template.save(), true);
      await shown;
    } finally {
      answerPrompts(undefined);
      proxy.dropReads = false;
    }
    assert.equal(prompts.warnings.length, 1);
    assert.match(
      prompts.warnings[0],
      new RegExp(`^The document was created in ${db}\\.${col} with _id ${generated}, but it could not be opened`),
    );
    assert.equal(parsed(await rawDocument(generated)).name, 'Hopper');
    await when(vscode.window.tabGroups.onDidChangeTabs, () => !tabOpen(templateUri));
  });

  it('keeps a new document that the service refuses in its dirty editor', async () => {
    const existing = await createPerson();
    const templateUri = await documentOpenedBy('dbhost.newDocument', { accountId, db, col });
    const template = await vscode.workspace.openTextDocument(templateUri);
    await replaceAll(template, `{ "_id": { "$oid": "${existing}" }, "name": "Duplicate" }\n`);
    assert.equal(await template.save(), false);
    assert.equal(template.isDirty, true);
    assert.equal(parsed(await rawDocument(existing)).name, 'Ada');
  });

  it('deletes a document only after the modal confirmation and closes its editor that holds no edits', async () => {
    const id = await createPerson();
    const document = await open(id);
    await showDocumentsInTree();

    const declined = await runAnswered([{ confirm: false }], 'dbhost.deleteDocument', { accountId, db, col, docId: { $oid: id } });
    assert.deepEqual(declined.prompts.infos, [], 'a notice said the document was deleted');
    assert.equal(parsed(await rawDocument(id)).name, 'Ada');

    const { prompts } = await runAnswered([{ confirm: true }], 'dbhost.deleteDocument', document.uri);
    assert.deepEqual(prompts.infos, [`Deleted the document ${id} from ${db}.${col}.`]);
    assert.match(prompts.questions[0].message ?? '', new RegExp(`Delete the document ${id} from ${db}\\.${col}\\?`));
    assert.match(prompts.questions[0].detail ?? '', /cannot be undone/);
    // The client is the extension's (its own bundle), so its errors are checked by shape, not by class.
    await assert.rejects(other.getDocument(db, col, { $oid: id }), (error: unknown) => (error as { status?: number }).status === 404);
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.stat(document.uri)),
      (error: unknown) => error instanceof vscode.FileSystemError && error.code === 'FileNotFound',
    );
    assert.ok(
      redrawn().some((node) => isListOf(node, 'documents', db, col)),
      "the tree was not told the collection's documents changed",
    );
    assert.ok(!tabOpen(document.uri), 'the editor of the deleted document (without edits) is still open');
  });

  it('keeps the edited editor of a deleted document open, and a save of it says the document is gone', async () => {
    const id = await createPerson();
    const document = await open(id);
    await replaceFirst(document, '"Ada"', '"Ada B."');
    await runAnswered([{ confirm: true }], 'dbhost.deleteDocument', { accountId, db, col, docId: { $oid: id } });
    assert.ok(tabOpen(document.uri));
    assert.equal(document.isDirty, true);
    assert.equal(await document.save(), false);
    assert.equal(document.isDirty, true);
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(document.getText()))),
      (error: unknown) => {
        assert.ok(error instanceof vscode.FileSystemError && error.code === 'FileNotFound', String(error));
        assert.match(error.message, new RegExp(`The document ${id} was not found in ${db}\\.${col}`));
        return true;
      },
    );
    // Undo back to the saved text, so the editor closes without asking to save.
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('undo');
    assert.equal(document.isDirty, false);
    await closeTabs(document.uri);
  });

  it('opens a document by the _id the user types, and says so when there is none', async () => {
    const id = await createPerson();
    await runAnswered([{ input: id }], 'dbhost.openDocumentById', { accountId, db, col });
    // Typed bare, 24 hex digits name the object id.
    assert.equal(documentInFront('Open Document by _id').toString(), documentUri({ accountId, db, col, docId: { $oid: id } }).toString());
    await discard(vscode.window.activeTextEditor!.document);

    const missing = newObjectId();
    const { prompts } = await runAnswered([{ input: `{"$oid": "${missing}"}` }], 'dbhost.openDocumentById', {
      accountId,
      db,
      col,
    });
    assert.deepEqual(prompts.errors, [`No document with _id {"$oid": "${missing}"} in ${db}.${col}.`]);
  });

  it('updates matching documents after showing how many match and asking', async () => {
    const batch = newObjectId();
    for (const status of ['draft', 'draft', 'draft', 'done']) await other.createDocument(db, col, { batch, status }, { safe: true });

    const { prompts } = await runAnswered(
      [
        { input: `{"batch": "${batch}", "status": "draft"}` },
        { input: '{"$set": {"status": "published"}}' },
        { pick: 'Update all matching documents' },
        { confirm: true },
      ],
      'dbhost.updateMatchingDocuments',
      { accountId, db, col },
    );
    assert.match(prompts.questions[2].title ?? '', /3 documents match/);
    assert.match(prompts.questions[3].message ?? '', new RegExp(`Update all 3 documents in ${db}\\.${col}\\?`));
    const writes = proxy.writes();
    assert.equal(writes.length, 1);
    assert.deepEqual(JSON.parse(writes[0].body), {
      criteria: { batch, status: 'draft' },
      object: { $set: { status: 'published' } },
      multi: true,
      upsert: false,
      safe: true,
    });
    assert.equal((await other.listDocuments(db, col, { q: { batch, status: 'published' } })).total, 3);
    assert.equal((await other.listDocuments(db, col, { q: { batch, status: 'done' } })).total, 1);
    assert.match(prompts.infos[0] ?? '', /The service answered/);
  });
});
