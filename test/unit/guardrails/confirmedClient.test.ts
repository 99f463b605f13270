import '../../support/vscodeFake/install';
import * as assert from 'node:assert/strict';
import { resetFake } from '../../support/vscodeFake/vscode';
import type { fakeExtensionContext } from '../../support/vscodeFake/extensionContext';
import { fakeServices } from '../../support/vscodeFake/fakeServices';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';
import type { WriteMode } from '../../../src/core/guardrails/accountGuardrails';
import type { DbHostApi } from '../../../src/core/api/types';
import type { ConfirmOptions, Prompts } from '../../../src/extension/base/prompts';
import type { AccountStore } from '../../../src/extension/kit/accounts/accountStore';
import { WriteCancelledError, WriteRefusedError, checkWrite } from '../../../src/extension/guardrails/writeDecision';
import { writeGuard } from '../../../src/extension/guardrails/writeGuard';

const KEY_A = 'confirmed-client-key-a-51c7';
const KEY_B = 'confirmed-client-key-b-9e02';
const DB = 'guarded';
const COL = 'items';

/** The person at the modal questions: answers each Confirm-writes question with the next answer (Send when none is left). */
class Person implements Prompts {
  readonly questions: string[] = [];
  answers: boolean[] = [];
  confirm(message: string, _options: ConfirmOptions): Promise<boolean> {
    this.questions.push(message);
    return Promise.resolve(this.answers.shift() ?? true);
  }
  pick = () => Promise.reject(new Error('no pick expected'));
  input = () => Promise.reject(new Error('no input expected'));
  info = () => Promise.resolve(undefined);
  warn = () => Promise.resolve(undefined);
  error = () => Promise.resolve(undefined);
  saveFile = () => Promise.reject(new Error('no file expected'));
  openFile = () => Promise.reject(new Error('no file expected'));
}

/**
 * The guard of the extension (guardrails/writeGuard.ts with the real Confirm-writes question of writeDecision.ts) at
 * the account store's choke point, over the real local service: what a person sees is a question, and what the
 * service holds afterwards.
 */
describe('guardrails: a client confirmed by a command’s own question, for that account and that run only', function () {
  let service: InProcessService;
  let context: ReturnType<typeof fakeExtensionContext>;
  let accounts: AccountStore;
  let person: Person;
  let accountA: string;
  let accountB: string;
  let next = 0;

  /** A new document for `write` to insert: each test's writes are told apart by their `_id`. */
  const insert = (client: DbHostApi) => client.createDocument(DB, COL, { _id: `doc-${++next}` }, { safe: true });
  const stored = async (key: string): Promise<number> => (await service.client(key).listDocuments(DB, COL, { limit: 1 })).total ?? -1;
  const setMode = (accountId: string, mode: WriteMode) => accounts.update(accountId, { mode });

  before(async () => {
    service = await startServiceInProcess({ apiKeys: [KEY_A, KEY_B], empty: true });
    for (const key of [KEY_A, KEY_B]) {
      await service.client(key).createDatabase(DB, 'sandbox');
      await service.client(key).createCollection(DB, COL);
    }
  });
  after(() => service.stop());

  beforeEach(async () => {
    resetFake();
    person = new Person();
    let services;
    ({ context, accounts, services } = fakeServices(person));
    accounts.guardWrites(writeGuard(accounts, (account, request) => checkWrite(services, account, request)));
    accountA = (await accounts.add({ label: 'Shop A', baseUrl: service.url, apiKey: KEY_A })).id;
    accountB = (await accounts.add({ label: 'Shop B', baseUrl: service.url, apiKey: KEY_B })).id;
    await setMode(accountA, 'confirm');
    await setMode(accountB, 'confirm');
  });
  afterEach(() => context.dispose());

  it('Confirm writes: a plain client asks before each write; Send sends it, Cancel sends nothing', async () => {
    const before = await stored(KEY_A);
    const client = await accounts.clientFor(accountA);
    await insert(client);
    assert.equal(person.questions.length, 1);
    assert.match(person.questions[0], /Shop A/);
    person.answers = [false];
    await assert.rejects(insert(client), WriteCancelledError);
    assert.equal(person.questions.length, 2);
    assert.equal(await stored(KEY_A), before + 1);
  });

  it('Confirm writes: the confirmed client sends every write of the command without a question', async () => {
    const before = await stored(KEY_A);
    await accounts.withConfirmedClient(accountA, async (client) => {
      for (let i = 0; i < 5; i++) await insert(client);
      await Promise.all([insert(client), insert(client)]);
    });
    assert.deepEqual(person.questions, []);
    assert.equal(await stored(KEY_A), before + 7);
  });

  it('Read-only refuses the writes of a plain client and of a confirmed one alike, with no question and nothing sent', async () => {
    await setMode(accountA, 'readOnly');
    const before = await stored(KEY_A);
    await assert.rejects(insert(await accounts.clientFor(accountA)), WriteRefusedError);
    await assert.rejects(
      accounts.withConfirmedClient(accountA, (client) => insert(client)),
      (error: unknown) => error instanceof WriteRefusedError && /Shop A/.test(error.message),
    );
    assert.deepEqual(person.questions, []);
    assert.equal(await stored(KEY_A), before);
  });

  it('an account turned Read-only while a confirmed command runs refuses its next write', async () => {
    const before = await stored(KEY_A);
    await assert.rejects(
      accounts.withConfirmedClient(accountA, async (client) => {
        await insert(client);
        await setMode(accountA, 'readOnly');
        await insert(client);
      }),
      WriteRefusedError,
    );
    assert.equal(await stored(KEY_A), before + 1);
  });

  it('during the run, a write to another account, or to the same account through another client, still asks', async () => {
    const [beforeA, beforeB] = [await stored(KEY_A), await stored(KEY_B)];
    person.answers = [false, false];
    await accounts.withConfirmedClient(accountA, async () => {
      await assert.rejects(insert(await accounts.clientFor(accountB)), WriteCancelledError);
      await assert.rejects(insert(await accounts.clientFor(accountA)), WriteCancelledError);
    });
    assert.equal(person.questions.length, 2);
    assert.match(person.questions[0], /Shop B/);
    assert.match(person.questions[1], /Shop A/);
    assert.deepEqual([await stored(KEY_A), await stored(KEY_B)], [beforeA, beforeB]);
  });

  it('the confirmed client of account A writes only A: its key reaches A’s data, never B’s', async () => {
    const [beforeA, beforeB] = [await stored(KEY_A), await stored(KEY_B)];
    await accounts.withConfirmedClient(accountA, (client) => insert(client));
    assert.deepEqual([await stored(KEY_A), await stored(KEY_B)], [beforeA + 1, beforeB]);
  });

  it('once the command’s run has ended, its confirmed client asks again before each write', async () => {
    let kept: DbHostApi | undefined;
    await accounts.withConfirmedClient(accountA, async (client) => {
      kept = client;
      await insert(client);
    });
    assert.deepEqual(person.questions, []);
    const before = await stored(KEY_A);
    person.answers = [false];
    await assert.rejects(insert(kept!), WriteCancelledError);
    assert.equal(person.questions.length, 1);
    assert.equal(await stored(KEY_A), before);
  });

  it('a run that failed ends its confirmation too', async () => {
    let kept: DbHostApi | undefined;
    await assert.rejects(
      accounts.withConfirmedClient(accountA, async (client) => {
        kept = client;
        throw new Error('the command failed');
      }),
      /the command failed/,
    );
    person.answers = [false];
    await assert.rejects(insert(kept!), WriteCancelledError);
    assert.equal(person.questions.length, 1);
  });

  it('Normal: both clients write without a question; reads never ask in any mode', async () => {
    await setMode(accountA, 'normal');
    const before = await stored(KEY_A);
    await insert(await accounts.clientFor(accountA));
    await accounts.withConfirmedClient(accountA, (client) => insert(client));
    await setMode(accountA, 'readOnly');
    await (await accounts.clientFor(accountA)).listDocuments(DB, COL, { limit: 1 });
    assert.deepEqual(person.questions, []);
    assert.equal(await stored(KEY_A), before + 2);
  });
});

describe('guardrails: no client of an account before the write guard is installed', () => {
  it('refuses a plain and a confirmed client with the cause, then makes them once guardrails installed the guard', async () => {
    resetFake();
    const { context, accounts, services } = fakeServices(new Person());
    try {
      const id = (await accounts.add({ label: 'Early', baseUrl: 'http://127.0.0.1:1', apiKey: 'early-key-0d4f' })).id;
      const refused = { message: /^DB Host has not set up the guardrails of "Early" yet, so it sends nothing to it\./ };
      await assert.rejects(accounts.clientFor(id), refused);
      await assert.rejects(
        accounts.withConfirmedClient(id, () => Promise.resolve()),
        refused,
      );
      accounts.guardWrites(writeGuard(accounts, (account, request) => checkWrite(services, account, request)));
      assert.ok(await accounts.clientFor(id));
    } finally {
      context.dispose();
    }
  });
});
