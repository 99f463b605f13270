import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { DbHostApi } from '../../../src/core/api/types';
import { stringifyLossless } from '../../../src/core/json/lossless';
import { activateExtension } from '../support/extensionUnderTest';
import { addAccount, removeAccount, setGuardrails } from '../support/accounts';
import { mcpServerProviderOf } from '../support/registrations';
import { readTestConfig } from '../support/test-config';

describe('AI tools: the MCP servers the extension offers VS Code', function () {
  this.timeout(60_000);
  let client: DbHostApi;
  let accountId: string;
  const demo = readTestConfig().services.demo;

  before(async () => {
    await activateExtension();
    ({ accountId, client } = await addAccount('AI over MCP', demo));
    await setGuardrails(accountId, { mode: 'readOnly' });
  });

  after(async () => {
    await removeAccount(accountId);
  });

  it("offers one server per account in its mode, the key nowhere until VS Code starts it, then in the child's environment only", async () => {
    // The provider VS Code asks, registered under package.json's mcpServerDefinitionProviders id.
    const mcpServers = mcpServerProviderOf('dbhost.mcpServers') as vscode.McpServerDefinitionProvider<vscode.McpStdioServerDefinition>;
    const servers = (await mcpServers.provideMcpServerDefinitions(new vscode.CancellationTokenSource().token)) ?? [];
    const server = servers.find((definition) => definition.label === 'DB Host: AI over MCP');
    assert.ok(server, `offered: ${servers.map((definition) => definition.label).join(', ')}`);
    assert.deepEqual(server.args.slice(1, 5), ['--url', demo.url, '--mode', 'readOnly']);
    assert.ok(!JSON.stringify(server).includes(demo.apiKey), 'the key is in the offered definition');
    const resolved = await mcpServers.resolveMcpServerDefinition?.(server, new vscode.CancellationTokenSource().token);
    assert.ok(resolved);
    assert.equal(resolved.env.DBHOST_API_KEY, demo.apiKey);
    assert.ok(!resolved.args.join(' ').includes(demo.apiKey), 'the key is on the command line');

    // Started as VS Code starts it, the server serves the account: reads answer, writes are not even listed.
    const transport = new StdioClientTransport({
      command: resolved.command,
      args: resolved.args,
      env: { PATH: process.env.PATH ?? '', ...(resolved.env as Record<string, string>) },
      stderr: 'pipe',
    });
    const mcp = new Client({ name: 'integration', version: '1.0.0' });
    await mcp.connect(transport);
    try {
      const names = (await mcp.listTools()).tools.map((tool) => tool.name);
      assert.ok(names.includes('dbhost_find'));
      assert.ok(!names.some((name) => /insert|update|delete|createIndex/i.test(name)), names.join(', '));
      const result = await mcp.callTool({ name: 'dbhost_find', arguments: { database: 'shop', collection: 'orders', limit: 2 } });
      const text = (result.content as { text?: string }[]).map((part) => part.text ?? '').join('');
      const expected = await client.listDocuments('shop', 'orders', { limit: 2 });
      assert.deepEqual(
        text.split('\n').filter((line) => line.startsWith('{')),
        expected.documents.map((document) => stringifyLossless(document)),
      );
    } finally {
      await mcp.close();
    }
  });
});
