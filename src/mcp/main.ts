import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { DbHostClient } from '../client/dbHostClient';
import { isWriteRequest } from '../core/guardrails/accountGuardrails';
import { redactKey } from '../core/text/redactKey';
import { createMcpServer } from './mcpServer';
import { McpOptionsError, parseMcpOptions } from './mcpOptions';

/** `dbhost-mcp`: the DB Host tools over MCP on stdio. Its log (one line per call) goes to stderr; stdout is the protocol's. */
async function main(): Promise<void> {
  const options = parseMcpOptions(process.argv.slice(2), process.env);
  const redact = (text: string) => redactKey(text, options.apiKey);
  const api = new DbHostClient({
    baseUrl: options.url,
    apiKey: options.apiKey,
    // Defence in depth: a Read-only server's client refuses any write, whatever asks it.
    beforeSend: async (request) => {
      if (options.mode === 'readOnly' && isWriteRequest(request))
        throw new Error(`Read-only: ${request.method} ${request.path} was not sent.`);
    },
  });
  const server = createMcpServer({
    api,
    mode: options.mode,
    label: options.label,
    version: '0.1.0',
    redact,
    log: (line) => process.stderr.write(`${new Date().toISOString()} [AI activity] ${line}\n`),
  });
  await server.connect(new StdioServerTransport());
  process.stderr.write(`dbhost-mcp: serving "${redact(options.label)}" (${options.mode}) over stdio\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `dbhost-mcp: ${error instanceof McpOptionsError ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(2);
});
