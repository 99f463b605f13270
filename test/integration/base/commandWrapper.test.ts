import * as assert from 'node:assert/strict';
import { SHOW_LOG } from '../../../src/extension/base/registerCommand';
import { activateExtension, runScripted } from '../support/extensionUnderTest';
import { FakePrompts } from '../support/fakePrompts';

describe('Every command through one wrapper', function () {
  this.timeout(30_000);

  it('shows a failure once, leading with its cause, and offers the log that holds the detail', async () => {
    await activateExtension();
    const { prompts } = await runScripted(new FakePrompts(), 'dbhost.openDocumentById', {
      accountId: 'no-such-account',
      db: 'shop',
      col: 'orders',
    });
    assert.equal(prompts.errors.length, 1, `expected one error message, got ${JSON.stringify(prompts.errors)}`);
    assert.match(prompts.errors[0], /^The DB Host account no-such-account no longer exists/);
    assert.deepEqual(prompts.errorActions[0], [SHOW_LOG]);
  });
});
