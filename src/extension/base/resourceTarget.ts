import * as vscode from 'vscode';
import { Disposable } from './disposable';
import type { JsonValue } from '../../core/json/lossless';

/**
 * What a tree item or a command points at. Tree nodes handed to commands carry one as `target`;
 * the palette asks for the missing parts instead.
 */
export interface ResourceTarget {
  accountId: string;
  db?: string;
  col?: string;
  /** The document's `_id` value. */
  docId?: JsonValue;
  index?: string;
  deployment?: string;
  invoice?: string | number;
  plan?: string;
}

export function hasTarget(value: unknown): value is { target: ResourceTarget } {
  return (
    typeof value === 'object' && value !== null && typeof (value as { target?: { accountId?: unknown } }).target?.accountId === 'string'
  );
}

/**
 * Which kind of list under an account changed; 'document' is one document (`docId`) whose fields changed, not
 * the list; 'account' is everything under the account (its key changed).
 */
export type ChangedList =
  'account' | 'databases' | 'collections' | 'documents' | 'document' | 'indexes' | 'deployments' | 'invoices' | 'plans';

/**
 * Features announce what they changed on the service; the explorer refreshes just that part of the
 * tree. `{ accountId, db, col }` with list 'documents' refreshes one collection's documents.
 */
export class ResourceChanges extends Disposable {
  private readonly emitter = this.register(new vscode.EventEmitter<{ target: ResourceTarget; list: ChangedList }>());
  readonly onDidChange = this.emitter.event;

  fire(target: ResourceTarget, list: ChangedList): void {
    this.emitter.fire({ target, list });
  }
}
