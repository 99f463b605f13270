import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DbHostClient } from '../../../src/client/dbHostClient';
import { AccountStore } from '../../../src/extension/kit/accounts/accountStore';
import { importAccountFile } from '../../../src/extension/accounts/importAccountFile';
import { Logger } from '../../../src/extension/base/logger';
import { accountsAddedBy } from '../support/accounts';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';

/** Global state as VS Code keeps it, in memory. */
class MemoryMemento implements vscode.Memento {
  private readonly values = new Map<string, unknown>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string, defaultValue?: T): T | undefined {
    return this.values.has(key) ? (this.values.get(key) as T) : defaultValue;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
}

/** SecretStorage as VS Code keeps it, in memory. */
class MemorySecrets implements vscode.SecretStorage {
  private readonly values = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  readonly onDidChange = this.changed.event;
  async get(key: string): Promise<string | undefined> {
    return this.values.get(key);
  }
  async store(key: string, value: string): Promise<void> {
    this.values.set(key, value);
    this.changed.fire({ key });
  }
  async delete(key: string): Promise<void> {
    this.values.delete(key);
    this.changed.fire({ key });
  }
}

/**
 * A Logger of the test's own. This file shares the product's `vscode.window`, where a second "DB Host" channel
 * is the product's own: disposing it would close the product's log.
 */
function ownLogger(): Logger {
  const window = vscode.window as unknown as { createOutputChannel: (name: string, options: unknown) => vscode.OutputChannel };
  const create = window.createOutputChannel;
  window.createOutputChannel = (name, options) => create(`${name} (key edges test)`, options);
  try {
    const logger = new Logger();
    logger.open();
    return logger;
  } finally {
    window.createOutputChannel = create;
  }
}

describe('Key safety at the edges', function () {
  this.timeout(60_000);
  before(async () => {
    await activateExtension();
  });

  it('refuses a base address holding a user name and password, without repeating them', async () => {
    const {
      added,
      ran: { prompts },
    } = await accountsAddedBy(() =>
      runScripted(new FakePrompts([{ input: 'https://user:s3cret-pass@db.example.net' }]), 'dbhost.addAccount'),
    );
    assert.deepEqual(prompts.refusals, ['The address takes no user name or password: leave them out (the key is asked for separately)']);
    assert.ok(!prompts.shown.some((text) => text.includes('s3cret-pass')), 'the password was repeated to the user');
    assert.deepEqual(added, []);
  });

  it('reports a broken account file without quoting its content', async () => {
    const key = randomBytes(24).toString('hex');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dbhost-import-')), 'account.json');
    fs.writeFileSync(file, `{"label": "Broken", "baseUrl": "http://127.0.0.1:1", "apiKey": "${key}",,}`);
    const logger = ownLogger();
    const store = new AccountStore(new MemoryMemento(), new MemorySecrets(), logger, (options) => new DbHostClient(options));
    try {
      await assert.rejects(importAccountFile(store, file), (error: Error) => {
        assert.equal(error.message, 'The account file handed to DB Host is not valid JSON.');
        assert.ok(!String(error.stack).includes(key) && error.cause === undefined, 'the error carries the file content');
        return true;
      });
      assert.deepEqual(store.list(), [], 'an account was added from the broken file');
      assert.ok(!fs.existsSync(file), 'the account file was left on disk');
    } finally {
      store.dispose();
      logger.dispose();
    }
  });

  it('keeps scrubbing a key from messages while another account still uses it', async () => {
    const logger = ownLogger();
    const store = new AccountStore(new MemoryMemento(), new MemorySecrets(), logger, (options) => new DbHostClient(options));
    try {
      const key = randomBytes(24).toString('hex');
      const first = await store.add({ label: 'First', baseUrl: 'https://one.example.net', apiKey: key });
      const second = await store.add({ label: 'Second', baseUrl: 'https://two.example.net', apiKey: key });
      await store.remove(first.id);
      assert.equal(logger.keys.redact(`failed with ${key}`), 'failed with [redacted]');
      await store.remove(second.id);
      assert.equal(
        logger.keys.redact(`failed with ${key}`),
        `failed with ${key}`,
        'a key no account uses any more is still held for scrubbing',
      );
    } finally {
      store.dispose();
      logger.dispose();
    }
  });
});
