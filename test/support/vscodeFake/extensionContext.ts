import type * as vscode from 'vscode';
import { EventEmitter } from './vscode';

/** An extension context over memory: global state, secrets and subscriptions, for unit tests with the fake `vscode`. */
export function fakeExtensionContext(): vscode.ExtensionContext & { dispose(): void } {
  const globalState = memento();
  const workspaceState = memento();
  const secrets = new Map<string, string>();
  const secretChanges = new EventEmitter<vscode.SecretStorageChangeEvent>();
  const subscriptions: { dispose(): unknown }[] = [];
  const secretStorage = {
    onDidChange: secretChanges.event,
    keys: () => Promise.resolve([...secrets.keys()]),
    get: (key: string) => Promise.resolve(secrets.get(key)),
    store: (key: string, value: string) => {
      secrets.set(key, value);
      secretChanges.fire({ key });
      return Promise.resolve();
    },
    delete: (key: string) => {
      secrets.delete(key);
      secretChanges.fire({ key });
      return Promise.resolve();
    },
  };
  const extension = { id: 'dbhost.dbhost', packageJSON: { version: '0.0.0' } };
  const context = {
    extension,
    globalState,
    workspaceState,
    secrets: secretStorage,
    subscriptions,
    dispose: () => subscriptions.forEach((item) => item.dispose()),
  };
  return context as unknown as vscode.ExtensionContext & { dispose(): void };
}

/** A memento over memory, as the global and the workspace state are. */
function memento() {
  const state = new Map<string, unknown>();
  return {
    keys: () => [...state.keys()],
    get: <T>(key: string, fallback?: T) => (state.has(key) ? (state.get(key) as T) : fallback),
    update: (key: string, value: unknown) => {
      state.set(key, value);
      return Promise.resolve();
    },
    setKeysForSync: () => undefined,
  };
}
