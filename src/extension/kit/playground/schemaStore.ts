import * as vscode from 'vscode';
import type { CollectionSchema } from '../../../core/schema/inferSchema';
import { sampleSchema } from '../../../core/schema/sampleSchema';
import { clampSampleSize } from '../../../core/schema/sampleSize';
import { setting } from '../../base/settings';
import type { AccountStore } from '../accounts/accountStore';
import { Disposable } from '../../base/disposable';

export interface SchemaTarget {
  accountId: string;
  db: string;
  col: string;
}

export interface CachedSchema {
  schema: CollectionSchema;
  total: number | undefined;
  sampledAt: Date;
}

const keyOf = (target: SchemaTarget) => JSON.stringify([target.accountId, target.db, target.col]);

export function sampleSizeSetting(): number {
  return clampSampleSize(setting('schema.sampleSize'));
}

/**
 * The sampled schema of each collection, kept until refreshed or until its account goes. One sample
 * at a time per collection: the tree, completion and hovers asking together share it.
 */
export class SchemaStore extends Disposable {
  private readonly cache = new Map<string, CachedSchema>();
  private readonly sampling = new Map<string, Promise<CachedSchema>>();
  /** Per collection, how to redraw the tree item that shows its schema. */
  private readonly shownIn = new Map<string, () => void>();
  private readonly changed = this.register(new vscode.EventEmitter<SchemaTarget>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly accounts: AccountStore) {
    super();
    this.register(
      accounts.onDidChange(() => {
        const known = new Set(accounts.list().map((account) => account.id));
        for (const map of [this.cache, this.sampling]) {
          for (const key of [...map.keys()]) if (!known.has((JSON.parse(key) as string[])[0] ?? '')) map.delete(key);
        }
      }),
    );
  }

  /** Redraws `redraw` (the latest tree item of the collection) whenever the collection's schema changes. */
  showIn(target: SchemaTarget, redraw: () => void): void {
    this.shownIn.set(keyOf(target), redraw);
  }

  private announce(target: SchemaTarget): void {
    this.changed.fire(target);
    this.shownIn.get(keyOf(target))?.();
  }

  /** The schema already sampled, without asking the service. */
  cached(target: SchemaTarget): CachedSchema | undefined {
    return this.cache.get(keyOf(target));
  }

  /** The cached schema, or a fresh sample when there is none. */
  get(target: SchemaTarget): Promise<CachedSchema> {
    return this.cached(target) ? Promise.resolve(this.cached(target) as CachedSchema) : this.sample(target);
  }

  /** Samples again, replacing what is cached. */
  refresh(target: SchemaTarget): Promise<CachedSchema> {
    this.cache.delete(keyOf(target));
    this.sampling.delete(keyOf(target));
    this.announce(target);
    return this.sample(target);
  }

  private sample(target: SchemaTarget): Promise<CachedSchema> {
    const key = keyOf(target);
    const running = this.sampling.get(key);
    if (running) return running;
    const promise = (async () => {
      const client = await this.accounts.clientFor(target.accountId);
      const sampled = await sampleSchema(client, target.db, target.col, sampleSizeSetting());
      return { schema: sampled.schema, total: sampled.total, sampledAt: new Date() };
    })();
    this.sampling.set(key, promise);
    promise.then(
      (result) => {
        if (this.sampling.get(key) !== promise) return;
        this.sampling.delete(key);
        this.cache.set(key, result);
        this.announce(target);
      },
      () => {
        if (this.sampling.get(key) === promise) this.sampling.delete(key);
      },
    );
    return promise;
  }
}
