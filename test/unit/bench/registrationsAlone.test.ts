import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRegistrationsAlone } from '../../../bench/support/registrationsAlone';

// The baseline the bench starts in turn with the product: the product's manifest, with none of its code.
describe('bench: the registrations-alone package', () => {
  let scratch: string;

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'dbhost-registrations-alone-'));
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('keeps the product manifest and media and replaces all of dist with one module of the registrations', () => {
    const product = join(scratch, 'product');
    mkdirSync(join(product, 'dist'), { recursive: true });
    mkdirSync(join(product, 'media'));
    writeFileSync(join(product, 'package.json'), '{"name":"dbhost","main":"./dist/extension.mjs"}');
    writeFileSync(join(product, 'media', 'icon.svg'), '<svg/>');
    writeFileSync(join(product, 'dist', 'extension.mjs'), 'export function activate() { productCode(); }');
    writeFileSync(join(product, 'dist', 'c-CHUNK.mjs'), 'export const chunk = 1;');

    const alone = packageRegistrationsAlone(product, join(scratch, 'alone'));

    assert.equal(readFileSync(join(alone, 'package.json'), 'utf8'), '{"name":"dbhost","main":"./dist/extension.mjs"}');
    assert.ok(existsSync(join(alone, 'media', 'icon.svg')));
    assert.ok(!existsSync(join(alone, 'dist', 'c-CHUNK.mjs')), 'a chunk of the product was copied');
    const code = readFileSync(join(alone, 'dist', 'extension.mjs'), 'utf8');
    assert.ok(!code.includes('productCode'), 'the product code is still there');
    assert.match(code, /registerCommand/);
    assert.match(code, /from\s*"vscode"/);
  });
});
