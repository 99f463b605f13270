import * as vscode from 'vscode';
import { productExtensionId } from './product';

// VS Code keeps an extension's secrets and its global and workspace state for that extension alone: no API reads
// another's. The integration harness (scripts/vscode-host/extensions-folder.ts) hands the suite its own extension
// context, whose storage objects are of the classes VS Code makes every extension's from. Their methods are wrapped
// before the product activates (as support/registrations wraps `vscode`'s), each a pass-through: the memento or
// secret storage on which a `dbhost.` key is read or written is the product's, and every state write is kept.

interface Observed {
  harness?: vscode.ExtensionContext;
  globalState?: vscode.Memento;
  workspaceState?: vscode.Memento;
  secrets?: vscode.SecretStorage;
  /** Every key and value an extension other than the harness wrote to its global or workspace state in this run. */
  readonly stateWrites: string[];
}

// Each test file is bundled with its own copy of this module: the copies share one record, as they share one host.
const observed: Observed = ((globalThis as { [key: symbol]: Observed })[Symbol.for('dbhost.integration.productStorage')] ??= {
  stateWrites: [],
});

const productKey = (key: unknown): key is string => typeof key === 'string' && key.startsWith('dbhost.');

type Seen = (self: object, method: string, args: unknown[]) => void;

/** Replaces `methods` of `prototype` (those it holds itself) with ones that tell `seen` first, then do what they did. */
function wrapMethods(prototype: object, methods: readonly string[], seen: Seen): void {
  const writable = prototype as Record<string, unknown>;
  for (const method of methods) {
    if (!Object.prototype.hasOwnProperty.call(prototype, method)) continue;
    const original = writable[method] as (...args: unknown[]) => unknown;
    writable[method] = function (this: object, ...args: unknown[]): unknown {
      seen(this, method, args);
      return original.apply(this, args);
    };
  }
}

/** Starts watching the storage VS Code gives extensions; the suite entry calls it before the product activates. */
export function observeProductStorage(harness: vscode.ExtensionContext): void {
  if (observed.harness) return;
  if (vscode.extensions.getExtension(productExtensionId)?.isActive)
    throw new Error('The product activated before the suite could watch its storage: call observeProductStorage first');
  observed.harness = harness;
  const own = new Set<object>([harness.globalState, harness.workspaceState, harness.secrets]);
  const GlobalMemento = harness.globalState.constructor as abstract new (...args: never[]) => unknown;
  const mementoSeen: Seen = (memento, method, [key, value]) => {
    if (own.has(memento)) return;
    if (method === 'update') observed.stateWrites.push(`${String(key)} ${JSON.stringify(value ?? null)}`);
    if (!productKey(key)) return;
    if (memento instanceof GlobalMemento) observed.globalState = memento as vscode.Memento;
    else observed.workspaceState = memento as vscode.Memento;
  };
  const mementoPrototypes = new Set([Object.getPrototypeOf(harness.workspaceState), Object.getPrototypeOf(harness.globalState)]);
  for (const prototype of mementoPrototypes) wrapMethods(prototype as object, ['get', 'update'], mementoSeen);
  wrapMethods(Object.getPrototypeOf(harness.secrets) as object, ['get', 'store', 'delete'], (secrets, _method, [key]) => {
    if (!own.has(secrets) && productKey(key)) observed.secrets = secrets as vscode.SecretStorage;
  });
}

function seenOrFail<T>(value: T | undefined, what: string): T {
  if (!observed.harness) throw new Error("The suite was run without the harness's extension context: storage is not watched");
  if (value === undefined) throw new Error(`The product has not used its ${what} yet in this run: there is nothing to read`);
  return value;
}

/** The product's SecretStorage, once it has read or written a key there. */
export function productSecrets(): vscode.SecretStorage {
  return seenOrFail(observed.secrets, 'secret storage');
}

/** The product's global or workspace state, once it has read or written a value there. */
export function productState(scope: 'global' | 'workspace'): vscode.Memento {
  return seenOrFail(scope === 'global' ? observed.globalState : observed.workspaceState, `${scope} state`);
}

/** The product's global state, and its workspace state if it has used that in this run (else nothing was written there). */
export function productStates(): vscode.Memento[] {
  const global = productState('global');
  return observed.workspaceState ? [global, observed.workspaceState] : [global];
}

/** Every key and value (as JSON) an extension other than the harness wrote to global or workspace state in this run. */
export function stateWritesOfTheRun(): readonly string[] {
  seenOrFail(observed.harness, 'storage');
  return observed.stateWrites;
}

/** The harness extension's context: its folders sit beside the product's (global storage, logs) in the same user data. */
export function harnessContext(): vscode.ExtensionContext {
  return seenOrFail(observed.harness, 'storage');
}
