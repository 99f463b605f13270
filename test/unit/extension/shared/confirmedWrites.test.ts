import * as assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import { ConfirmedWrites } from '../../../../src/extension/kit/writes/confirmedWrites';

const confirmed = new ConfirmedWrites(new AsyncLocalStorage());
const sendConfirmed = confirmed.send.bind(confirmed);
const isConfirmedWrite = confirmed.isConfirmed.bind(confirmed);

describe('confirmed writes: what a command asked about is not asked again', () => {
  it('holds for the confirmed account through every await of the send, and for no other account', async () => {
    const seen: boolean[] = [];
    await sendConfirmed('prod', async () => {
      seen.push(isConfirmedWrite('prod'));
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(isConfirmedWrite('prod'), isConfirmedWrite('staging'));
      await Promise.all([1, 2].map(async () => seen.push(isConfirmedWrite('prod'))));
    });
    assert.deepEqual(seen, [true, true, false, true, true]);
  });

  it('does not hold outside the send; work begun inside it keeps it, as it belongs to that command', async () => {
    let later: Promise<boolean> | undefined;
    const gate = new Promise<void>((resolve) => setTimeout(resolve, 0));
    await sendConfirmed('prod', async () => {
      later = gate.then(() => isConfirmedWrite('prod'));
    });
    assert.equal(isConfirmedWrite('prod'), false);
    assert.equal(await later, true);
  });

  it('is held by its instance (the one in Services), not by the module', async () => {
    const other = new ConfirmedWrites(new AsyncLocalStorage());
    await sendConfirmed('prod', async () => {
      assert.equal(isConfirmedWrite('prod'), true);
      assert.equal(other.isConfirmed('prod'), false);
    });
    assert.equal((globalThis as Record<symbol, unknown>)[Symbol.for('dbhost.confirmedWrites')], undefined);
  });

  it('in a browser (no AsyncLocalStorage) never holds, so an account in Confirm writes asks for each write', async () => {
    const browser = new ConfirmedWrites(undefined);
    const seen = await browser.send('prod', async () => browser.isConfirmed('prod'));
    assert.equal(seen, false);
  });
});
