import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_PAGE_SIZE } from '../../../../src/core/api/limits';
import { QUERY_PROPERTIES, UPDATE_PROPERTIES } from '../../../../src/core/playground/parsePlayground';

interface SchemaNode {
  description?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  maximum?: number;
  minimum?: number;
}

const schema = JSON.parse(readFileSync(join(__dirname, '../../../../schemas/query.schema.json'), 'utf8')) as {
  definitions: { query: SchemaNode };
};
const query = schema.definitions.query;

describe('schemas/query.schema.json', () => {
  it('offers exactly the properties the playground reads, each with hover text', () => {
    assert.deepEqual(Object.keys(query.properties ?? {}).sort(), [...QUERY_PROPERTIES].sort());
    const update = query.properties?.update;
    assert.deepEqual(Object.keys(update?.properties ?? {}).sort(), [...UPDATE_PROPERTIES].sort());
    for (const [name, property] of [...Object.entries(query.properties ?? {}), ...Object.entries(update?.properties ?? {})]) {
      assert.ok(property.description, `${name} has no description`);
    }
  });

  it('requires what the playground requires and bounds limit the same way', () => {
    assert.deepEqual(query.required, ['database', 'collection']);
    assert.deepEqual(query.properties?.update?.required, ['criteria', 'object']);
    assert.deepEqual([query.properties?.limit?.minimum, query.properties?.limit?.maximum], [1, MAX_PAGE_SIZE]);
  });
});
