import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DbHostExtensionApi, TestApi } from '../../../src/extension/extension';
import type { Prompts } from '../../../src/extension/base/prompts';
import { filesUnder } from '../support/filesUnder';
import { productExtensionId } from '../support/product';
import { readTestConfig } from '../support/test-config';
import { wrapEveryAnswer } from '../support/windowPrompts';

// Root hooks: they wrap every suite of the run. Every prompt any suite installs is recorded, and once all
// suites are done, the keys of the run's local services must appear nowhere the extension keeps or shows text.

const shown: string[] = [];
let testing: TestApi | undefined;

/** The prompts as given, recording the text of every question asked and message shown. */
function recording(prompts: Prompts): Prompts {
  return new Proxy(prompts, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        shown.push(JSON.stringify(args, (_key, item: unknown) => (typeof item === 'function' ? undefined : item)) ?? '');
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

before(async () => {
  const extension = vscode.extensions.getExtension<DbHostExtensionApi>(productExtensionId);
  testing = (await extension?.activate())?.testing;
  wrapEveryAnswer(recording);
});

after(async function () {
  this.timeout(30_000);
  assert.ok(testing, 'the extension gave no test API: nothing could be checked for the keys');
  const { services } = readTestConfig();
  const keys = [services.demo.apiKey, services.empty.apiKey];
  const places: Array<[string, string]> = [];

  const { context } = testing.services;
  for (const state of [context.globalState, context.workspaceState]) {
    for (const key of state.keys()) places.push([`state ${key}`, `${key} ${JSON.stringify(state.get(key) ?? null)}`]);
  }
  const settings = vscode.workspace.getConfiguration('dbhost');
  places.push(['dbhost settings', JSON.stringify(settings)]);
  const contributed = Object.keys(
    (vscode.extensions.getExtension(productExtensionId)?.packageJSON as { contributes?: { configuration?: { properties?: object } } })
      ?.contributes?.configuration?.properties ?? {},
  );
  for (const name of contributed)
    places.push([`setting ${name}`, JSON.stringify(vscode.workspace.getConfiguration().inspect(name) ?? null)]);
  const userSettings = path.resolve(context.globalStorageUri.fsPath, '..', '..', 'settings.json');
  if (fs.existsSync(userSettings)) places.push([userSettings, fs.readFileSync(userSettings, 'utf8')]);
  places.push(['prompts and messages of every suite', shown.join('\n')]);
  const logs = filesUnder(path.dirname(context.logUri.fsPath)).filter((file) => file.endsWith('.log'));
  for (const file of logs) places.push([file, fs.readFileSync(file, 'utf8')]);

  assert.ok(logs.length > 0, `no log file under ${path.dirname(context.logUri.fsPath)}: the logs were not checked`);
  for (const [where, text] of places) {
    for (const key of keys) assert.ok(!text.includes(key), `a local service's API key is in ${where}`);
  }
});
