import '../../../support/vscodeFake/install';
import * as assert from 'node:assert/strict';
import { fakeWindow, resetFake } from '../../../support/vscodeFake/vscode';
import { AiActivityLog } from '../../../../src/extension/aiTools/aiActivityLog';
import { KnownKeys } from '../../../../src/core/text/knownKeys';

const CHANNEL = 'DB Host AI activity';
const KEY = 'ai-activity-log-secret-key';

describe('AI activity log: one line per tool call, in the "DB Host AI activity" channel', () => {
  let keys: KnownKeys;
  let log: AiActivityLog;
  const lines = () => fakeWindow.channelLines(CHANNEL) ?? [];

  beforeEach(() => {
    resetFake();
    keys = new KnownKeys();
    keys.remember(KEY);
    log = new AiActivityLog((text) => keys.redact(text));
  });
  afterEach(() => log.dispose());

  it('makes no channel until the first call', () => {
    assert.equal(fakeWindow.channelLines(CHANNEL), undefined);
  });

  it('names the account, the tool, its input and its outcome, on one line', () => {
    log.record({ account: 'Shop', tool: 'dbhost_find', input: { database: 'shop', filter: { n: 1 } }, outcome: 'ok,\n  12 characters' });
    assert.deepEqual(lines(), ['info account "Shop" · dbhost_find · input {"database":"shop","filter":{"n":1}} · ok, 12 characters']);
  });

  it('scrubs a known key from the input and the outcome', () => {
    log.record({ account: 'Shop', tool: 'dbhost_find', input: { filter: { note: KEY } }, outcome: `failed: Error: bad key ${KEY}` });
    assert.equal(lines().length, 1);
    assert.ok(!lines()[0].includes(KEY), lines()[0]);
  });

  it('cuts a long input and says how long it was', () => {
    log.record({ account: 'Shop', tool: 'dbhost_insert', input: { text: 'x'.repeat(5000) }, outcome: 'ok' });
    assert.match(lines()[0], /x… \(5011 characters\) · ok$/);
    assert.ok(lines()[0].length < 2200);
  });
});
