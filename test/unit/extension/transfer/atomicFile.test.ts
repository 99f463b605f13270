import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AtomicFile } from '../../../../src/extension/transfer/atomicFile';

describe('extension/transfer/atomicFile', () => {
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'dbhost-atomic-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('shows the file under its name only once committed, whole', async () => {
    const path = join(folder, 'out.ndjson');
    const file = await AtomicFile.create(path);
    await file.write('{"a":1}\n');
    assert.equal(existsSync(path), false, 'not there while being written');
    await file.write('{"a":2}\n');
    await file.commit();
    assert.equal(readFileSync(path, 'utf8'), '{"a":1}\n{"a":2}\n');
    assert.deepEqual(readdirSync(folder), ['out.ndjson']);
  });

  it('leaves nothing behind when discarded, and an existing file as it was', async () => {
    const path = join(folder, 'out.csv');
    writeFileSync(path, 'the old export\n');
    const file = await AtomicFile.create(path);
    await file.write('half of a new one');
    await file.discard();
    assert.equal(readFileSync(path, 'utf8'), 'the old export\n');
    assert.deepEqual(readdirSync(folder), ['out.csv']);
  });
});
