import * as assert from 'node:assert/strict';
import type { HeldVersionStore } from '../../../../src/core/documents/documentVersions';
import { DocumentVersions } from '../../../../src/core/documents/documentVersions';
import { documentText, parseDocumentText } from '../../../../src/core/documents/documentText';

/** The workspace state, in memory: what outlives an extension host restart. */
class MemoryStore implements HeldVersionStore {
  readonly texts = new Map<string, string>();
  get(key: string): string | undefined {
    return this.texts.get(key);
  }
  remember(key: string, text: string): void {
    this.texts.set(key, text);
  }
  forget(key: string): void {
    this.texts.delete(key);
  }
}

const KEY = 'dbhost://account/shop/orders/1.json';
const version = (text: string) => ({ text, document: parseDocumentText(text) });

/**
 * VS Code refuses a save as "the content of the file is newer" exactly when a fresh stat's mtime is later than the
 * loaded version's AND its size differs (fileService.validateWriteFile): the check these stamps must drive.
 */
const raisesConflict = (loaded: { mtime: number; size: number }, fresh: { mtime: number; size: number }) =>
  fresh.mtime > loaded.mtime && fresh.size !== loaded.size;

describe('core/documents/documentVersions: the stamps behind "the file is newer"', () => {
  it('gives the same stamp while the service holds the same text, and a later one when it changes', () => {
    const versions = new DocumentVersions(new MemoryStore());
    const first = versions.observe(KEY, '{"n": 1}\n');
    assert.deepEqual(versions.observe(KEY, '{"n": 1}\n'), first);
    const changed = versions.observe(KEY, '{"n": 22}\n');
    assert.ok(changed.mtime > first.mtime);
    assert.equal(changed.size, Buffer.byteLength('{"n": 22}\n'));
  });

  it("raises the conflict over another client's change even when it has the same byte length as the held version", () => {
    const versions = new DocumentVersions(new MemoryStore());
    const held = '{"n": 1}\n';
    const loaded = versions.observe(KEY, held);
    versions.hold(KEY, version(held));
    const fresh = versions.observe(KEY, '{"n": 2}\n');
    assert.ok(raisesConflict(loaded, fresh), `${JSON.stringify(loaded)} then ${JSON.stringify(fresh)} would not raise it`);
  });

  it("does not raise it after the editor's own save, and raises it again for a later change made elsewhere", () => {
    const versions = new DocumentVersions(new MemoryStore());
    versions.observe(KEY, '{"n": 1}\n');
    versions.hold(KEY, version('{"n": 1}\n'));
    const written = version('{"n": 2}\n');
    assert.equal(versions.saved(KEY, written, written.text), false, 'the service holds what was written: no reload');
    const afterWrite = versions.takeStampAfterWrite(KEY);
    assert.ok(afterWrite);
    assert.equal(afterWrite.size, Buffer.byteLength(written.text));
    assert.equal(versions.takeStampAfterWrite(KEY), undefined, 'the stamp after a write is given once');
    assert.ok(!raisesConflict(afterWrite, versions.observe(KEY, written.text)));
    assert.ok(raisesConflict(afterWrite, versions.observe(KEY, '{"n": 3, "by": "other"}\n')));
  });

  it('says the editor should reload when the service stored something other than what was written', () => {
    const versions = new DocumentVersions(new MemoryStore());
    versions.hold(KEY, version('{"n": 1}\n'));
    assert.equal(versions.saved(KEY, version('{"n": 2}\n'), '{"n": 2, "city": "Oslo"}\n'), true);
    assert.equal(versions.seenText(KEY), '{"n": 2, "city": "Oslo"}\n');
  });

  it('keeps the held version through an extension host restart, in the store, and forgets it when told', () => {
    const store = new MemoryStore();
    const versions = new DocumentVersions(store);
    const text = documentText({ _id: 1, n: 1 });
    versions.hold(KEY, version(text));
    // A restarted extension host: a new instance over the same workspace state.
    const restarted = new DocumentVersions(store);
    assert.deepEqual(restarted.held(KEY), version(text));
    restarted.forget(KEY);
    assert.equal(store.get(KEY), undefined);
    assert.equal(new DocumentVersions(store).held(KEY), undefined);
  });

  it('knows no held version when the stored text cannot be read, rather than diffing against a broken one', () => {
    const store = new MemoryStore();
    store.remember(KEY, '{"n": ');
    assert.equal(new DocumentVersions(store).held(KEY), undefined);
  });
});
