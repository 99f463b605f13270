import * as assert from 'node:assert/strict';
import { setGuardrails as saveGuardrails, shownAccount } from '../support/accounts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { AccountGuardrails } from '../../../src/core/guardrails/accountGuardrails';
import type { Account } from '../../../src/extension/kit/accounts/account';
import type { ProxiedAccount } from '../support/proxiedAccount';
import { addProxiedAccount } from '../support/proxiedAccount';
import type { RecordingProxy } from '../support/recordingProxy';
import type { GuardedWrite } from '../../support/guardedWrites';
import { GUARDED_WRITE_METHODS, WRITES_WITHOUT_A_USER_PATH } from '../../support/guardedWrites';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import type { FakeAnswer, Question } from '../support/fakePrompts';
import { FakePrompts } from '../support/fakePrompts';
import { readTestConfig } from '../support/test-config';
import { discard, replaceFirst } from '../support/textEditing';
import { answerPrompts } from '../support/windowPrompts';
import { documentOpenedBy, shownInFront } from '../support/editors';

const db = 'guardtests';

async function replaceAll(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
}
const col = 'people';
const LABEL = 'Guarded shop';

/** What the user saw while a write path ran: messages (errors, warnings, a failed save's reason) and the questions asked. */
interface Seen {
  messages: string[];
  questions: Question[];
}

interface WritePath {
  /** The user's way to the write. */
  via: string;
  /** The request line the guard is asked about. */
  request: RegExp;
  /**
   * Runs the path; `guard` is what the user answers to each guardrail confirmation, appended where the write
   * happens. A command that asks first itself (`asksFirst`) takes the answer to its own question as `own`.
   */
  run(guard: FakeAnswer[], own?: boolean): Promise<Seen>;
  /** The command asks modally before it writes: in Confirm writes that one question is the confirmation. */
  asksFirst?: true;
}

describe('Guardrails: Read-only and Confirm writes at the choke point', function () {
  this.timeout(120_000);
  let proxied: ProxiedAccount | undefined;
  let proxy: RecordingProxy;
  let accountId: string;
  /** A client of the same service that is not the extension's: fixtures and checks. */
  let other: DbHostApi;
  let docId: string;

  const target = (extra: Record<string, unknown> = {}) => ({ accountId, db, ...extra });

  async function setGuardrails(guardrails: AccountGuardrails): Promise<Account> {
    return saveGuardrails(accountId, guardrails);
  }

  async function command(name: string, arg: unknown, script: FakeAnswer[]): Promise<Seen> {
    const { prompts } = await runScripted(script, name, arg);
    assert.equal(
      prompts.unanswered,
      0,
      `${name} did not ask everything the script answers: ${JSON.stringify(prompts.questions.map((q) => q.text))}`,
    );
    return { messages: [...prompts.errors, ...prompts.warnings], questions: prompts.questions };
  }

  /**
   * Saves an edited editor as VS Code's own save does; the edit must stay in the dirty editor, and the reason is what
   * the file system answers. A Read-only account's document is a read-only file: VS Code takes no edit of it as a
   * change to save (`before` is put back so that the next test reads the document as the service holds it).
   */
  async function saveRefused(document: vscode.TextDocument, edited: string, guard: FakeAnswer[], before?: string): Promise<Seen> {
    const prompts = new FakePrompts([...guard, ...guard]);
    answerPrompts(prompts);
    const readOnly = (await shownAccount(accountId)).mode === 'readOnly';
    try {
      assert.equal(await document.save(), false, 'the save went through');
      if (readOnly) {
        assert.equal((await vscode.workspace.fs.stat(document.uri)).permissions, vscode.FilePermission.Readonly);
        assert.equal(document.isDirty, false, 'a read-only editor took an edit as a change to save');
      } else {
        assert.equal(document.isDirty, true, 'the editor lost its edit');
        assert.ok(document.getText().includes(edited), 'the edit is not in the editor any more');
      }
      let reason = '';
      await assert.rejects(
        Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(document.getText()))),
        (error: Error) => {
          reason = error.message;
          return true;
        },
      );
      return { messages: [reason], questions: prompts.questions };
    } finally {
      answerPrompts(undefined);
      if (readOnly && before !== undefined) await replaceAll(document, before);
      await discard(document);
    }
  }

  /**
   * Saves an edited rules file, which the guardrails refuse: a rules file is not read-only on a Read-only account (its
   * refusal comes at the save, before anything is sent), and the edit stays in the dirty editor.
   */
  async function rulesSaveRefused(document: vscode.TextDocument, guard: FakeAnswer[]): Promise<Seen> {
    const prompts = new FakePrompts([...guard, ...guard]);
    answerPrompts(prompts);
    try {
      assert.equal(await document.save(), false, 'the save went through');
      assert.equal(document.isDirty, true, 'the editor lost its edit');
      let reason = '';
      await assert.rejects(
        Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(document.getText()))),
        (error: Error) => {
          reason = error.message;
          return true;
        },
      );
      return { messages: [reason], questions: prompts.questions };
    } finally {
      answerPrompts(undefined);
      await discard(document);
    }
  }

  const WRITE_PATHS: Record<GuardedWrite, WritePath[]> = {
    createDatabase: [
      {
        via: 'Create Database…',
        request: /^POST \/databases$/,
        run: (guard) => command('dbhost.createDatabase', { accountId }, [{ pick: /./ }, { input: 'guardnew' }, ...guard]),
      },
    ],
    deleteDatabase: [
      {
        via: 'Delete Database…',
        request: /^DELETE \/databases\/guardtests$/,
        asksFirst: true,
        run: (guard, own = true) =>
          command('dbhost.deleteDatabase', target(), own ? [{ confirm: true }, { input: db }, ...guard] : [{ confirm: false }]),
      },
    ],
    createCollection: [
      {
        via: 'Create Collection…',
        request: /^POST \/databases\/guardtests\/collections$/,
        run: (guard) => command('dbhost.createCollection', target(), [{ input: 'newcol' }, ...guard]),
      },
    ],
    renameCollection: [
      {
        via: 'Rename Collection…',
        request: /^PUT \/databases\/guardtests\/collections\/people$/,
        run: (guard) => command('dbhost.renameCollection', target({ col }), [{ input: 'renamed' }, ...guard]),
      },
    ],
    deleteCollection: [
      {
        via: 'Delete Collection…',
        request: /^DELETE \/databases\/guardtests\/collections\/people$/,
        asksFirst: true,
        run: (guard, own = true) => command('dbhost.deleteCollection', target({ col }), [{ confirm: own }, ...guard]),
      },
    ],
    createDocument: [
      {
        via: 'New Document and save',
        request: /^POST \/databases\/guardtests\/collections\/people\/documents$/,
        run: async (guard) => {
          const uri = await documentOpenedBy('dbhost.newDocument', target({ col }));
          const document = await vscode.workspace.openTextDocument(uri);
          const edit = new vscode.WorkspaceEdit();
          edit.replace(
            uri,
            new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)),
            '{ "name": "Grace" }\n',
          );
          assert.ok(await vscode.workspace.applyEdit(edit));
          return saveRefused(document, '"Grace"', guard);
        },
      },
    ],
    updateDocument: [
      {
        via: 'edit a document and save',
        request: /^PUT \/databases\/guardtests\/collections\/people\/documents\/%7B%22%24oid%22%3A%22[0-9a-f]{24}%22%7D\?id_type=json$/,
        run: async (guard) => {
          const uri = await documentOpenedBy('dbhost.openDocument', target({ col, docId: { $oid: docId } }));
          const document = await vscode.workspace.openTextDocument(uri);
          const before = document.getText();
          await replaceFirst(document, '"Ada"', '"Ada Lovelace"');
          return saveRefused(document, '"Ada Lovelace"', guard, before);
        },
      },
    ],
    updateDocuments: [
      {
        via: 'Update Matching Documents…',
        request: /^PUT \/databases\/guardtests\/collections\/people\/documents$/,
        asksFirst: true,
        run: async (guard, own = true) =>
          command('dbhost.updateMatchingDocuments', target({ col }), [
            { input: '{"name": "Ada"}' },
            { input: '{"$set": {"seen": true}}' },
            // Read-only refuses before the preview, so before the question.
            ...((await shownAccount(accountId)).mode === 'readOnly' ? [] : [{ confirm: own }]),
            ...guard,
          ]),
      },
    ],
    deleteDocument: [
      {
        via: 'Delete Document…',
        request: /^DELETE \/databases\/guardtests\/collections\/people\/documents\/%7B%22%24oid%22%3A%22[0-9a-f]{24}%22%7D$/,
        asksFirst: true,
        run: (guard, own = true) => command('dbhost.deleteDocument', target({ col, docId: { $oid: docId } }), [{ confirm: own }, ...guard]),
      },
    ],
    createIndex: [
      {
        via: 'Create Index…',
        request: /^POST \/databases\/guardtests\/collections\/people\/indexes$/,
        run: (guard) =>
          command('dbhost.createIndex', target({ col }), [
            { pick: 'age' },
            { pick: 'Ascending' },
            { pick: 'Done' },
            { pick: 'Create Index' },
            ...guard,
          ]),
      },
    ],
    dropIndex: [
      {
        via: 'Drop Index…',
        request: /^DELETE \/databases\/guardtests\/collections\/people\/indexes\/name_1$/,
        asksFirst: true,
        run: (guard, own = true) => command('dbhost.dropIndex', target({ col, index: 'name_1' }), [{ confirm: own }, ...guard]),
      },
    ],
    dropAllIndexes: [
      {
        via: 'Drop All Indexes…',
        request: /^DELETE \/databases\/guardtests\/collections\/people\/indexes$/,
        asksFirst: true,
        run: (guard, own = true) => command('dbhost.dropAllIndexes', target({ col }), [{ confirm: own }, ...guard]),
      },
    ],
    createUser: [
      {
        via: 'Add User…',
        request: /^POST \/databases\/guardtests\/users$/,
        run: (guard) =>
          command('dbhost.addUser', target(), [
            { input: 'guarduser' },
            { input: 'guard-password-1' },
            { input: 'guard-password-1' },
            { pick: 'Read and write' },
            ...guard,
          ]),
      },
    ],
    deleteUser: [
      {
        via: 'Remove User…',
        request: /^DELETE \/databases\/guardtests\/users\/keeper$/,
        asksFirst: true,
        run: (guard, own = true) => command('dbhost.removeUser', target({ user: 'keeper' }), [{ confirm: own }, ...guard]),
      },
    ],
    copyDatabase: [
      {
        via: 'Copy Database…',
        request: /^POST \/copy_database$/,
        run: (guard) => command('dbhost.copyDatabase', target(), [{ input: 'guardcopy' }, ...guard]),
      },
    ],
    setCollectionRules: [
      {
        via: 'Set Rules… and save the rules file',
        request: /^PUT \/databases\/guardtests\/collections\/people$/,
        run: async (guard) => {
          await vscode.commands.executeCommand('dbhost.setRules', target({ col }));
          const document = shownInFront('Set Rules…', 'dbhost-rules');
          await replaceFirst(document, '"properties": {}', '"required": ["name"]');
          return rulesSaveRefused(document, guard);
        },
      },
    ],
  };

  before(async () => {
    await activateExtension();
    proxied = await addProxiedAccount({ label: LABEL, db, col });
    ({ proxy, accountId, other } = proxied);
    await other.createUser(db, 'keeper', 'keeper-password-1');
    const created = (await other.createDocument(db, col, { name: 'Ada', age: 36 }, { safe: true })) as { _id?: { $oid?: string } } | null;
    const listed = await other.listDocuments(db, col, { q: { name: 'Ada' } });
    docId = created?._id?.$oid ?? String((listed.documents[0]._id as { $oid: string }).$oid);
    await other.createIndex(db, col, { spec: { name: 1 } });
  });

  after(async () => {
    await proxied?.remove();
  });

  beforeEach(() => {
    proxy.requests.length = 0;
  });

  it('drives every write method of the client through at least one user path', () => {
    for (const method of GUARDED_WRITE_METHODS)
      if (!WRITES_WITHOUT_A_USER_PATH.includes(method)) assert.ok(WRITE_PATHS[method].length > 0, `${method} has no path`);
  });

  for (const method of GUARDED_WRITE_METHODS) {
    for (const path of WRITE_PATHS[method]) {
      it(`${method} (${path.via}): a Read-only account sends no request, and the user is told the account and its mode`, async () => {
        await setGuardrails({ mode: 'readOnly', tag: 'production', color: 'charts.red' });
        const seen = await path.run([]);
        assert.deepEqual(proxy.writes(), [], 'a write reached the service');
        const refusal = seen.messages.find((message) => message.includes(`The account "${LABEL} [production]" is Read-only:`));
        assert.ok(refusal, `no refusal naming the account and its mode among: ${JSON.stringify(seen.messages)}`);
        assert.match(refusal.split(': ').slice(1).join(': '), new RegExp(path.request.source.slice(1, -1)));
        assert.ok(!seen.questions.some((question) => question.text.includes('Send this')), 'a Read-only account asked to send');
      });

      if (path.asksFirst) {
        it(`${method} (${path.via}): Confirm writes asks once, in the command's own question with the tag, and Cancel sends nothing`, async () => {
          await setGuardrails({ mode: 'confirm', tag: 'production' });
          const seen = await path.run([], false);
          assert.deepEqual(proxy.writes(), [], 'a cancelled write reached the service');
          const confirmations = seen.questions.filter((question) => question.kind === 'confirm');
          assert.equal(confirmations.length, 1, `asked ${JSON.stringify(confirmations.map((q) => q.text))}`);
          assert.match(confirmations[0].text, /^\[production\] /);
          assert.match(
            confirmations[0].detail ?? '',
            new RegExp(`"${LABEL} \\[production\\]" confirms every write: this is that confirmation\\.$`),
          );
        });
        continue;
      }

      it(`${method} (${path.via}): Confirm writes shows the request and the tag, and Cancel sends nothing`, async () => {
        await setGuardrails({ mode: 'confirm', tag: 'production' });
        const seen = await path.run([{ confirm: false }]);
        assert.deepEqual(proxy.writes(), [], 'a cancelled write reached the service');
        const confirmation = seen.questions.find(
          (question) => question.kind === 'confirm' && question.text.startsWith('[PRODUCTION] Send this'),
        );
        assert.ok(confirmation, `no guardrail confirmation among: ${JSON.stringify(seen.questions.map((q) => q.text))}`);
        assert.equal(confirmation.text, `[PRODUCTION] Send this ${path.request.source.slice(1).split(' ')[0]} to "${LABEL}"?`);
        assert.match((confirmation.detail ?? '').split('\n')[0], path.request);
        assert.match(confirmation.detail ?? '', /\nAffects: /);
        assert.ok(!(confirmation.detail ?? '').includes(readTestConfig().services.empty.apiKey), 'the key is in the confirmation');
      });
    }
  }

  it('Confirm writes shows the exact body and the match count, and sends exactly that on Send', async () => {
    await other.createCollection(db, 'renameme');
    await setGuardrails({ mode: 'confirm', tag: 'production' });
    const seen = await command('dbhost.renameCollection', target({ col: 'renameme' }), [{ input: 'renamed2' }, { confirm: true }]);
    assert.deepEqual(seen.messages, []);
    const writes = proxy.writes();
    assert.equal(writes.length, 1);
    const detail = seen.questions[1].detail ?? '';
    assert.equal(detail.split('\n')[0], `PUT ${writes[0].path}`);
    assert.equal(detail.split('\n')[1], writes[0].body, 'the confirmation does not show the body byte for byte');
    assert.deepEqual(
      (await other.listCollections(db)).map((record) => record.name).filter((name) => name.startsWith('rename')),
      ['renamed2'],
    );
  });

  it('Confirm writes asks once for a command that asks first: its question names the account, and Send sends', async () => {
    await setGuardrails({ mode: 'confirm', tag: 'production' });
    const seen = await command('dbhost.updateMatchingDocuments', target({ col }), [
      { input: '{"name": "Ada"}' },
      { input: '{"$set": {"seen": true}}' },
      { confirm: true },
    ]);
    assert.deepEqual(seen.messages, []);
    assert.equal(seen.questions.filter((question) => question.kind === 'confirm').length, 1);
    assert.match(seen.questions[2].text, /^\[production\] Update 1 of 1 document in /);
    assert.equal(proxy.writes().length, 1);
    assert.equal((await other.listDocuments(db, col, { q: { seen: true } })).total, 1);
  });

  it("Confirm writes asks once for a whole import, in the import's own question, not once per document", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'dbhost-guarded-import-'));
    try {
      const file = join(folder, 'people.ndjson');
      writeFileSync(
        file,
        ['{"_id": "imp-1", "name": "Grace"}', '{"_id": "imp-2", "name": "Alan"}', '{"_id": "imp-3", "name": "Edsger"}', ''].join('\n'),
      );
      await setGuardrails({ mode: 'confirm', tag: 'production' });
      const seen = await command('dbhost.importDocuments', target({ col }), [{ file }, { confirm: true }]);
      assert.deepEqual(seen.messages, []);
      const confirmations = seen.questions.filter((question) => question.kind === 'confirm');
      assert.equal(confirmations.length, 1, `asked ${JSON.stringify(confirmations.map((q) => q.text))}`);
      assert.match(confirmations[0].text, /^\[production\] Import 3 documents from people\.ndjson/);
      assert.equal(proxy.writes().length, 3);
      assert.equal((await other.listDocuments(db, col, { q: { _id: { $in: ['imp-1', 'imp-2', 'imp-3'] } } })).total, 3);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('Normal sends writes without asking', async () => {
    await setGuardrails({});
    const seen = await command('dbhost.createCollection', target(), [{ input: 'normalcol' }]);
    assert.deepEqual(seen.messages, []);
    assert.equal(proxy.writes().length, 1);
    await other.deleteCollection(db, 'normalcol');
  });
});
