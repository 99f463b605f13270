import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { temporaryDirectory } from '../../support/testService';

const ROOT = join(__dirname, '..', '..', '..');

/** Bundles src/mcp/main.ts as esbuild.js does (dist/mcp.js), so the test does not depend on the extension's build. */
export function bundleMcpServer(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- esbuild.js is CommonJS
  const { bundleOptions } = require(join(ROOT, 'esbuild.js')) as {
    bundleOptions(production: boolean): Record<string, Record<string, unknown>>;
  };
  const outfile = join(temporaryDirectory('mcp'), 'mcp.js');
  buildSync({ ...bundleOptions(false).mcp, outfile, absWorkingDir: ROOT, sourcemap: false } as Parameters<typeof buildSync>[0]);
  return outfile;
}

export interface McpSession {
  client: Client;
  /** What the server wrote to stderr so far (its activity log). */
  stderr(): string;
  /** Every elicitation the server asked, in order. */
  asked: string[];
  close(): Promise<void>;
}

/** Starts the bundled server as a client would (the key in its environment) and connects the SDK's own client over stdio. */
export async function connectMcp(
  script: string,
  args: string[],
  env: Record<string, string>,
  answer?: (message: string) => ElicitResult,
): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [script, ...args],
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'dbhost-test', version: '1.0.0' }, { capabilities: answer ? { elicitation: {} } : {} });
  const asked: string[] = [];
  if (answer) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      const message = String(request.params.message);
      asked.push(message);
      return answer(message);
    });
  }
  await client.connect(transport);
  return { client, stderr: () => stderr, asked, close: () => client.close() };
}

/** The text of a tool's answer and whether it is an error. */
export async function callTool(
  session: McpSession,
  name: string,
  input: Record<string, unknown>,
): Promise<{ text: string; isError: boolean }> {
  const result = await session.client.callTool({ name, arguments: input });
  const content = result.content as { type: string; text?: string }[];
  return { text: content.map((part) => part.text ?? '').join(''), isError: result.isError === true };
}
