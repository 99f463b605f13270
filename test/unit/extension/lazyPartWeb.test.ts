import '../../support/vscodeFake/install';
import * as assert from 'node:assert/strict';
import Module from 'node:module';
import { resolve } from 'node:path';
import { Uri } from '../../support/vscodeFake/vscode';
import type * as LazyPartWeb from '../../../src/extension/lazyPartWeb';
import { WEB_MODULES_ID, webModules } from '../../../src/extension/kit/lazy/webModules';

describe('extension/lazyPartWeb: a part awaited in the browser', () => {
  const moduleLoader = Module as unknown as { _load(request: string, ...rest: unknown[]): unknown };
  const load = moduleLoader._load;
  let lazyPart: typeof LazyPartWeb.lazyPart;

  before(async () => {
    // The browser entry hands every file the module table; here it already holds the part, so nothing is fetched.
    const table = webModules({ 'rules.js': (module) => void (module.exports = { name: 'rules' }) }, { 'rules.js': [] }, () => undefined);
    moduleLoader._load = function (request: string, ...rest: unknown[]): unknown {
      return request === WEB_MODULES_ID ? table : load.call(this, request, ...rest);
    };
    const web = (await import(resolve(__dirname, '..', '..', '..', 'src', 'extension', 'lazyPartWeb.ts'))) as typeof LazyPartWeb;
    web.loadPartsFrom(Uri.file('/extension') as never);
    lazyPart = web.lazyPart;
  });
  after(() => {
    moduleLoader._load = load;
  });

  it('starts again when next awaited after its start failed, and then once', async () => {
    const starts: string[] = [];
    const rules = lazyPart('rules', (loaded: { name: string }) => {
      starts.push(loaded.name);
      if (starts.length === 1) throw new Error('The rules view could not be made.');
      return { name: loaded.name };
    });
    await assert.rejects(rules(), /The rules view could not be made\./);
    const started = await rules();
    assert.deepEqual(started, { name: 'rules' });
    assert.equal(await rules(), started, 'a second use started it again');
    assert.deepEqual(starts, ['rules', 'rules']);
  });
});
