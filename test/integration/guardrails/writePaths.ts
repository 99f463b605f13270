import * as vscode from 'vscode';
import type { GuardedWrite } from '../../support/guardedWrites';
import { shownAccount } from '../support/accounts';
import { documentOpenedBy, shownInFront } from '../support/editors';
import type { FakeAnswer } from '../support/fakePrompts';
import { replaceAll, replaceFirst } from '../support/textEditing';
import type { GuardedAccount, Seen } from './guardedAccount';
import { col, command } from './guardedAccount';
import { rulesSaveRefused, saveRefused } from './refusedSaves';

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

/** Each guarded write's ways for a user to reach it, on the account's database (`guardtests`, which the requests name). */
export function writePathsOf(account: GuardedAccount): Record<GuardedWrite, WritePath[]> {
  const { db, target } = account;
  return {
    createDatabase: [
      {
        via: 'Create Database…',
        request: /^POST \/databases$/,
        run: (guard) =>
          command('dbhost.createDatabase', { accountId: account.accountId }, [{ pick: /./ }, { input: 'guardnew' }, ...guard]),
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
          await replaceAll(document, '{ "name": "Grace" }\n');
          return saveRefused(account.accountId, document, '"Grace"', guard);
        },
      },
    ],
    updateDocument: [
      {
        via: 'edit a document and save',
        request: /^PUT \/databases\/guardtests\/collections\/people\/documents\/%7B%22%24oid%22%3A%22[0-9a-f]{24}%22%7D\?id_type=json$/,
        run: async (guard) => {
          const uri = await documentOpenedBy('dbhost.openDocument', target({ col, docId: { $oid: account.docId } }));
          const document = await vscode.workspace.openTextDocument(uri);
          const before = document.getText();
          await replaceFirst(document, '"Ada"', '"Ada Lovelace"');
          return saveRefused(account.accountId, document, '"Ada Lovelace"', guard, before);
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
            ...((await shownAccount(account.accountId)).mode === 'readOnly' ? [] : [{ confirm: own }]),
            ...guard,
          ]),
      },
    ],
    deleteDocument: [
      {
        via: 'Delete Document…',
        request: /^DELETE \/databases\/guardtests\/collections\/people\/documents\/%7B%22%24oid%22%3A%22[0-9a-f]{24}%22%7D$/,
        asksFirst: true,
        run: (guard, own = true) =>
          command('dbhost.deleteDocument', target({ col, docId: { $oid: account.docId } }), [{ confirm: own }, ...guard]),
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
}
