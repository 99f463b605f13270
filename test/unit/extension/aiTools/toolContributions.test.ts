import * as assert from 'node:assert/strict';
import { AI_TOOLS } from '../../../../src/core/aiTools/aiTools';
import { withAccount } from '../../../../src/core/aiTools/toolDefinition';
import { localisedManifest } from '../support/localisedManifest';

const manifest = localisedManifest<{
  contributes: { languageModelTools: Record<string, unknown>[]; mcpServerDefinitionProviders: { id: string }[] };
  engines: { vscode: string };
}>();

describe('extension/aiTools: package.json contributes the tools core/aiTools describes', () => {
  it('has one languageModelTools entry per tool, with the same name, reference, descriptions and schema', () => {
    const contributed = manifest.contributes.languageModelTools;
    assert.deepEqual(
      contributed.map((tool) => tool.name),
      AI_TOOLS.map((tool) => tool.name),
    );
    for (const tool of AI_TOOLS) {
      const entry = contributed.find((candidate) => candidate.name === tool.name);
      assert.ok(entry);
      assert.equal(entry.toolReferenceName, tool.referenceName);
      assert.equal(entry.canBeReferencedInPrompt, true);
      assert.equal(entry.modelDescription, tool.modelDescription);
      assert.equal(entry.displayName, tool.displayName);
      assert.equal(entry.userDescription, tool.userDescription);
      assert.deepEqual(entry.inputSchema, tool.extensionOnly ? tool.inputSchema : withAccount(tool.inputSchema), tool.name);
    }
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
