import '../../../support/vscodeFake/install';
import * as assert from 'node:assert/strict';
import { fakeWindow, resetFake } from '../../../support/vscodeFake/vscode';
import { Logger } from '../../../../src/extension/base/logger';
import { AfterActivation } from '../../../../src/extension/base/afterActivation';

describe('extension/base: the DB Host log', () => {
  let logger: Logger;

  beforeEach(() => {
    resetFake();
    logger = new Logger();
  });
  afterEach(() => logger.dispose());

  it('makes its channel only when opened, then shows every line written before, in order, tagged and scrubbed', () => {
    logger.keys.remember('sk-live-0123456789');
    logger.info('Activated in 12.3 ms');
    logger.scoped('accounts').warn('The key sk-live-0123456789 was refused');
    logger.error('Could not activate users', 'The users view could not be made.');
    assert.equal(fakeWindow.channelLines('DB Host'), undefined, 'the channel was made before it was opened');
    logger.open();
    logger.debug('after');
    assert.deepEqual(fakeWindow.channelLines('DB Host'), [
      'info [extension] Activated in 12.3 ms',
      'warn [accounts] The key [redacted] was refused',
      'error [extension] Could not activate users: The users view could not be made.',
      'debug [extension] after',
    ]);
  });

  it('opened right after activation, shows what activation logged before the set-up after it', async () => {
    const later = new AfterActivation(logger);
    later.add('the log channel', () => logger.open());
    logger.info('Activated in 9.0 ms');
    const ran = new Promise<void>((resolve) => later.add('the end', resolve));
    later.start();
    assert.equal(fakeWindow.channelLines('DB Host'), undefined, 'the channel was made inside activate()');
    await ran;
    assert.deepEqual(fakeWindow.channelLines('DB Host')?.slice(0, 1), ['info [extension] Activated in 9.0 ms']);
    assert.match(fakeWindow.channelLines('DB Host')?.[1] ?? '', /^info \[extension\] Set up after activation in \d+\.\d ms$/);
    later.dispose();
  });

  it('Show Log opens the channel at once, with what was held', () => {
    logger.warn('The service did not answer');
    logger.show();
    assert.deepEqual(fakeWindow.channelLines('DB Host'), ['warn [extension] The service did not answer']);
  });

  it('once disposed, holds nothing more and makes no channel', () => {
    logger.dispose();
    logger.info('late');
    assert.equal(fakeWindow.channelLines('DB Host'), undefined);
  });
});
