import * as assert from 'node:assert/strict';
import { recordsOf } from '../../../../src/core/transfer/recordsOf';
import { WorkspaceAtomicFile, tooLargeToImport } from '../../../../src/extension/transfer/workspaceAtomicFile';

/** A URI as the file uses it (its path); the tests run in plain Node, without the vscode module. */
type Uri = ConstructorParameters<typeof WorkspaceAtomicFile>[1];

/** A workspace file system in memory, as `vscode.workspace.fs` is to the browser: whole files, rename with overwrite. */
class MemoryFileSystem {
  readonly files = new Map<string, Uint8Array>();
  readonly calls: string[] = [];
  failWrite = false;

  async writeFile(uri: Uri, content: Uint8Array): Promise<void> {
    this.calls.push(`write ${uri.path}`);
    if (this.failWrite) {
      this.files.set(uri.path, content.subarray(0, 3));
      throw new Error('ENOSPC: no space left on the device');
    }
    this.files.set(uri.path, content);
  }

  async rename(source: Uri, target: Uri, options?: { overwrite?: boolean }): Promise<void> {
    this.calls.push(`rename ${source.path} ${target.path}`);
    if (this.files.has(target.path) && !options?.overwrite) throw new Error('FileExists');
    this.files.set(target.path, this.files.get(source.path)!);
    this.files.delete(source.path);
  }

  async delete(uri: Uri): Promise<void> {
    this.calls.push(`delete ${uri.path}`);
    this.files.delete(uri.path);
  }

  text(path: string): string | undefined {
    const bytes = this.files.get(path);
    return bytes && new TextDecoder().decode(bytes);
  }
}

const uriOf = (path: string) => ({ path }) as Uri;
const TARGET = uriOf('/work/out.ndjson');
const TEMPORARY = uriOf('/work/.out.ndjson.0a1b2c3d.partial');

describe('extension/transfer/workspaceAtomicFile (the browser’s export file, over vscode.workspace.fs)', () => {
  let fs: MemoryFileSystem;
  beforeEach(() => (fs = new MemoryFileSystem()));

  it('writes nothing while the pages come, then the whole file once to a sibling, renamed over the name', async () => {
    fs.files.set(TARGET.path, new TextEncoder().encode('the old export\n'));
    const file = new WorkspaceAtomicFile(fs, TARGET, TEMPORARY);
    await file.write('{"name":"Zoë"}\n');
    await file.write('');
    await file.write('{"a":2}\n');
    assert.deepEqual(fs.calls, [], 'a page was written before the export was whole');
    assert.equal(fs.text(TARGET.path), 'the old export\n');
    await file.commit();
    assert.deepEqual(fs.calls, [`write ${TEMPORARY.path}`, `rename ${TEMPORARY.path} ${TARGET.path}`]);
    assert.equal(fs.text(TARGET.path), '{"name":"Zoë"}\n{"a":2}\n');
    assert.deepEqual([...fs.files.keys()], [TARGET.path]);
  });

  it('on cancel writes nothing at all, and an existing file stays as it was', async () => {
    fs.files.set(TARGET.path, new TextEncoder().encode('the old export\n'));
    const file = new WorkspaceAtomicFile(fs, TARGET, TEMPORARY);
    await file.write('half of a new one');
    await file.discard();
    assert.deepEqual(fs.calls, []);
    assert.equal(fs.text(TARGET.path), 'the old export\n');
  });

  it('when the write fails, removes the half-written sibling and leaves the file as it was', async () => {
    fs.files.set(TARGET.path, new TextEncoder().encode('the old export\n'));
    fs.failWrite = true;
    const file = new WorkspaceAtomicFile(fs, TARGET, TEMPORARY);
    await file.write('{"a":1}\n');
    await assert.rejects(file.commit(), /ENOSPC/);
    await file.discard();
    assert.deepEqual([...fs.files.keys()], [TARGET.path]);
    assert.equal(fs.text(TARGET.path), 'the old export\n');
  });

  it('refuses a page past its bound, saying the cause and what to do instead; nothing is written', async () => {
    const file = new WorkspaceAtomicFile(fs, TARGET, TEMPORARY, 2 * 1024 * 1024);
    await file.write('x'.repeat(2 * 1024 * 1024 - 1));
    await assert.rejects(
      file.write('é'),
      /^Error: the export is larger than 2 MB, the most the browser holds in memory to write at once\. Export fewer documents .* or export from VS Code on the desktop/,
    );
    await file.discard();
    assert.deepEqual(fs.calls, []);
  });

  it('names an import file too large for the browser, with its size and the bound', () => {
    assert.match(
      tooLargeToImport('big.ndjson', 300 * 1024 * 1024),
      /^big\.ndjson is 300 MB, larger than 128 MB, the most the browser reads/,
    );
  });
});

describe('an import file’s bytes as the browser reads them (whole, in pieces), parsed record by record', () => {
  it('reads every record, joining a character split across pieces and naming the line of bytes that are not UTF-8', async () => {
    const bytes = new TextEncoder().encode('{"name":"Zoë"}\n{"n":2}\n');
    const broken = Uint8Array.from([...bytes, ...new TextEncoder().encode('{"bad":"'), 0xff, ...new TextEncoder().encode('"}\n')]);
    const split = broken.indexOf(0xc3) + 1; // between the two bytes of ë
    const records = [];
    for await (const record of recordsOf([broken.subarray(0, split), broken.subarray(split)], 'ndjson')) records.push(record);
    assert.equal(records.length, 3);
    assert.deepEqual(records[0], { ...records[0], document: { name: 'Zoë' } });
    assert.deepEqual(records[1], { ...records[1], document: { n: 2 } });
    assert.equal(records[2].document, undefined);
    assert.equal(records[2].line, 3);
    assert.match(String(records[2].error), /not UTF-8/);
  });
});
