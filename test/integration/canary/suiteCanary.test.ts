import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Prompts } from '../../../src/extension/base/prompts';
import { filesUnder } from '../support/filesUnder';
import { extensionHostLogs } from '../support/logFile';
import { productExtensionId } from '../support/product';
import { harnessContext, productStates, stateWritesOfTheRun } from '../support/productStorage';
import { readTestConfig } from '../support/test-config';
import { wrapEveryAnswer } from '../support/windowPrompts';

// Root hooks: they wrap every suite of the run. Every prompt any suite installs is recorded, and once all
// suites are done, the keys of the run's local services must appear nowhere the extension keeps or shows text.

const shown: string[] = [];

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
  await vscode.extensions.getExtension(productExtensionId)?.activate();
  wrapEveryAnswer(recording);
});

after(async function () {
  this.timeout(30_000);
  const { services } = readTestConfig();
  const keys = [services.demo.apiKey, services.empty.apiKey];
  const places: Array<[string, string]> = [];

  for (const state of productStates()) {
    for (const key of state.keys()) places.push([`state ${key}`, `${key} ${JSON.stringify(state.get(key) ?? null)}`]);
  }
  places.push(['what was written to global and workspace state in the run', stateWritesOfTheRun().join('\n')]);
  const settings = vscode.workspace.getConfiguration('dbhost');
  places.push(['dbhost settings', JSON.stringify(settings)]);
  const contributed = Object.keys(
    (vscode.extensions.getExtension(productExtensionId)?.packageJSON as { contributes?: { configuration?: { properties?: object } } })
      ?.contributes?.configuration?.properties ?? {},
  );
  for (const name of contributed)
    places.push([`setting ${name}`, JSON.stringify(vscode.workspace.getConfiguration().inspect(name) ?? null)]);
  // The harness's global storage sits beside the product's, in the same user data folder.
  const userSettings = path.resolve(harnessContext().globalStorageUri.fsPath, '..', '..', 'settings.json');
  if (fs.existsSync(userSettings)) places.push([userSettings, fs.readFileSync(userSettings, 'utf8')]);
  places.push(['prompts and messages of every suite', shown.join('\n')]);
  const logsDir = extensionHostLogs();
  const logs = filesUnder(logsDir).filter((file) => file.endsWith('.log'));
  for (const file of logs) places.push([file, fs.readFileSync(file, 'utf8')]);

  assert.ok(logs.length > 0, `no log file under ${logsDir}: the logs were not checked`);
  for (const [where, text] of places) {
    for (const key of keys) assert.ok(!text.includes(key), `a local service's API key is in ${where}`);
  }
});
