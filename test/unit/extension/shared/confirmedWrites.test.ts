import * as assert from 'node:assert/strict';
import { isConfirmedWrite, sendConfirmed } from '../../../../src/extension/shared/confirmedWrites';

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

  it('is one store for every bundle that loads the module', async () => {
    const symbolStore = (globalThis as Record<symbol, unknown>)[Symbol.for('dbhost.confirmedWrites')];
    await sendConfirmed('prod', async () => {
      assert.ok(symbolStore);
      assert.equal((symbolStore as { getStore(): unknown }).getStore(), 'prod');
    });
  });
});
