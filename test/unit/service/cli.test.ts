import assert from 'node:assert/strict';
import { API_KEY_ENV, DEFAULT_DATA_DIR, DEFAULT_PORT, parseCli, UsageError, USAGE } from '../../../src/service/cli';

describe('local service command line', () => {
  it('reads every option, with one account per --api-key', () => {
    const options = parseCli(
      [
        '--port',
        '0',
        '--data',
        '/tmp/d',
        '--api-key',
        'k1',
        '--api-key',
        'k2',
        '--no-payment',
        '--empty',
        '--host',
        '127.0.0.2',
        '--quiet',
        '--slow-ms',
        '250',
        '--store',
        'postgres://team@db.example:5433/dbhost',
        '--allow-origin',
        'https://vscode.dev',
        '--allow-origin',
        'HTTP://LOCALHOST:8080',
      ],
      {},
    );
    assert.deepEqual(options, {
      help: false,
      port: 0,
      host: '127.0.0.2',
      dataDir: '/tmp/d',
      apiKeys: ['k1', 'k2'],
      generatedKey: false,
      payment: false,
      empty: true,
      quiet: true,
      slowQueryMs: 250,
      allowOrigins: ['https://vscode.dev', 'http://localhost:8080'],
      store: 'postgres://team@db.example:5433/dbhost',
    });
  });

  it('defaults to 127.0.0.1, port 8780, ./.dbhost-data, payment and demo data', () => {
    const options = parseCli(['--api-key', 'k'], {});
    assert.equal(options.host, '127.0.0.1');
    assert.equal(options.port, DEFAULT_PORT);
    assert.equal(options.dataDir, DEFAULT_DATA_DIR);
    assert.equal(options.payment, true);
    assert.equal(options.empty, false);
    assert.equal(options.slowQueryMs, 100);
    assert.match(USAGE, /\.dbhost-data/);
  });

  it('takes the key from the environment, or generates a fresh one', () => {
    assert.deepEqual(parseCli([], { [API_KEY_ENV]: 'from-env' }).apiKeys, ['from-env']);
    assert.deepEqual(parseCli(['--api-key', 'flag'], { [API_KEY_ENV]: 'from-env' }).apiKeys, ['flag']);
    const first = parseCli([], {});
    const second = parseCli([], {});
    assert.equal(first.generatedKey, true);
    assert.ok(first.apiKeys[0].length >= 24);
    assert.notEqual(first.apiKeys[0], second.apiKeys[0]);
  });

  it('refuses unknown options and bad ports with a usage error', () => {
    assert.throws(() => parseCli(['--prot', '1'], {}), UsageError);
    assert.throws(() => parseCli(['--port', 'eighty'], {}), /--port must be a number/);
    assert.throws(() => parseCli(['--port', '70000'], {}), /--port must be a number/);
    assert.throws(() => parseCli(['stray'], {}), UsageError);
    assert.throws(() => parseCli(['--slow-ms', 'fast'], {}), /--slow-ms must be a whole number/);
  });
});
