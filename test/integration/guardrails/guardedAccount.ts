import * as assert from 'node:assert/strict';
import type { DbHostApi } from '../../../src/core/api/types';
import type { AccountGuardrails } from '../../../src/core/guardrails/accountGuardrails';
import type { Account } from '../../../src/extension/kit/accounts/account';
import { setGuardrails } from '../support/accounts';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import type { FakeAnswer, Question } from '../support/fakePrompts';
import type { ProxiedAccount } from '../support/proxiedAccount';
import { addProxiedAccount } from '../support/proxiedAccount';
import type { RecordingProxy } from '../support/recordingProxy';

// What the guardrails suites share: one account whose writes the proxy records, its data, and running a command on it.

export const LABEL = 'Guarded shop';
export const col = 'people';

/** What the user saw while a write path ran: messages (errors, warnings, a failed save's reason) and the questions asked. */
export interface Seen {
  messages: string[];
  questions: Question[];
}

/** The suite's account, as its `before` hook made it; read only inside tests. */
export interface GuardedAccount {
  readonly db: string;
  readonly proxy: RecordingProxy;
  readonly accountId: string;
  /** A client of the same service that is not the extension's: fixtures and checks. */
  readonly other: DbHostApi;
  /** The object id of the document `{name: "Ada", age: 36}` in `people`. */
  readonly docId: string;
  /** A command's target in the database: the account and `db`, and `extra` (col, docId, index, user). */
  target(extra?: Record<string, unknown>): Record<string, unknown>;
  /** Sets the account's mode, colour and tag through Account Settings. */
  setGuardrails(guardrails: AccountGuardrails): Promise<Account>;
}

/**
 * Adds, before the calling suite's tests, the account {@link LABEL} behind a recording proxy, with database `db`
 * holding the user `keeper` and, in `people`, one document and the index `name_1`; removes it all after them. What
 * the proxy recorded is forgotten before each test.
 */
export function guardedAccountForSuite(db: string): GuardedAccount {
  let made: { proxied: ProxiedAccount; docId: string } | undefined;
  const current = () => {
    assert.ok(made, "the guarded account is read before the suite's before hook made it");
    return made;
  };

  before(async () => {
    await activateExtension();
    const proxied = await addProxiedAccount({ label: LABEL, db, col });
    made = { proxied, docId: '' };
    const { other } = proxied;
    await other.createUser(db, 'keeper', 'keeper-password-1');
    const created = (await other.createDocument(db, col, { name: 'Ada', age: 36 }, { safe: true })) as { _id?: { $oid?: string } } | null;
    const listed = await other.listDocuments(db, col, { q: { name: 'Ada' } });
    made.docId = created?._id?.$oid ?? String((listed.documents[0]._id as { $oid: string }).$oid);
    await other.createIndex(db, col, { spec: { name: 1 } });
  });

  after(async () => {
    await made?.proxied.remove();
  });

  beforeEach(() => {
    current().proxied.proxy.requests.length = 0;
  });

  return {
    db,
    get proxy() {
      return current().proxied.proxy;
    },
    get accountId() {
      return current().proxied.accountId;
    },
    get other() {
      return current().proxied.other;
    },
    get docId() {
      return current().docId;
    },
    target: (extra = {}) => ({ accountId: current().proxied.accountId, db, ...extra }),
    setGuardrails: (guardrails) => setGuardrails(current().proxied.accountId, guardrails),
  };
}

/** Runs a command with its questions answered by the script, which it must use whole; gives what the user saw. */
export async function command(name: string, arg: unknown, script: FakeAnswer[]): Promise<Seen> {
  const { prompts } = await runScripted(script, name, arg);
  assert.equal(
    prompts.unanswered,
    0,
    `${name} did not ask everything the script answers: ${JSON.stringify(prompts.questions.map((q) => q.text))}`,
  );
  return { messages: [...prompts.errors, ...prompts.warnings], questions: prompts.questions };
}
