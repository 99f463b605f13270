import * as assert from 'node:assert/strict';
import { AI_TOOLS } from '../../../../src/core/aiTools/aiTools';
import type { InputSchema } from '../../../../src/core/aiTools/toolDefinition';
import { localisedManifest } from '../support/localisedManifest';

const manifest = localisedManifest<{
  contributes: { languageModelTools: Record<string, unknown>[]; mcpServerDefinitionProviders: { id: string }[] };
  engines: { vscode: string };
}>();

/** The `account` input of every tool that is not the extension's own: accountForTool reads it. */
const ACCOUNT = {
  type: 'string',
  description:
    'The DB Host account to use: its label as dbhost_listAccounts shows it (e.g. "Local demo"). May be left out when only one account exists.',
};

describe('extension/aiTools: package.json contributes the tools core/aiTools describes', () => {
  it('has one languageModelTools entry per tool, with the same name, descriptions and schema, and the account input the extension reads', () => {
    const contributed = manifest.contributes.languageModelTools;
    assert.deepEqual(
      contributed.map((tool) => tool.name),
      AI_TOOLS.map((tool) => tool.name),
    );
    for (const tool of AI_TOOLS) {
      const entry = contributed.find((candidate) => candidate.name === tool.name);
      assert.ok(entry);
      assert.equal(entry.canBeReferencedInPrompt, true);
      assert.equal(entry.modelDescription, tool.modelDescription);
      assert.equal(entry.displayName, tool.displayName);
      assert.match(String(entry.userDescription), /^\S.*\.$/, `${tool.name}: one sentence for the tool picker`);
      const schema = entry.inputSchema as InputSchema;
      if (tool.extensionOnly) assert.deepEqual(schema, tool.inputSchema, tool.name);
      else {
        const { account, ...own } = schema.properties;
        assert.deepEqual({ ...schema, properties: own }, tool.inputSchema, tool.name);
        assert.deepEqual(account, ACCOUNT, `${tool.name}: its account input`);
      }
    }
  });

  it('names each tool for `#` in a chat prompt once', () => {
    const references = manifest.contributes.languageModelTools.map((tool) => tool.toolReferenceName);
    for (const reference of references) assert.match(String(reference), /^dbhost[A-Z]\w+$/);
    assert.equal(new Set(references).size, references.length);
  });

  it('offers every tool in the browser too (they need only the service’s HTTP API): no when clause hides one', () => {
    const hidden = manifest.contributes.languageModelTools.filter((tool) => tool.when !== undefined).map((tool) => tool.name);
    assert.deepEqual(hidden, []);
  });

  it('offers the MCP servers and asks for a VS Code with language-model tools and MCP providers (1.101)', () => {
    assert.deepEqual(
      manifest.contributes.mcpServerDefinitionProviders.map((provider) => provider.id),
      ['dbhost.mcpServers'],
    );
    assert.equal(manifest.engines.vscode, '^1.101.0');
  });
});
