import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AggregateMemory } from '../core/aiTools/aggregateAbsence';
import { noAggregationText } from '../core/aiTools/aggregateAbsence';
import { AGGREGATE_TOOL } from '../core/aiTools/aggregateTool';
import { AI_TOOLS } from '../core/aiTools/aiTools';
import { confirmationText } from '../core/aiTools/confirmationText';
import { isWriteCall, planWrite } from '../core/aiTools/plannedWrite';
import { isReadTool, runReadTool } from '../core/aiTools/readToolRunner';
import type { DbHostApi } from '../core/api/types';
import type { WriteMode } from '../core/guardrails/accountGuardrails';
import { modeLabel } from '../core/guardrails/accountGuardrails';
import { refusalText } from '../core/guardrails/requestText';
import { stringifyLossless } from '../core/json/lossless';

export interface McpServerSettings {
  api: DbHostApi;
  mode: WriteMode;
  label: string;
  version: string;
  /** One line per call (the AI activity log of this server), already free of the key. */
  log: (line: string) => void;
  redact: (text: string) => string;
}

/** The tools this server lists: a Read-only server lists no write tool; a service found to have no aggregation, no dbhost_aggregate. */
export function listedTools(mode: WriteMode, aggregateAbsent = false): Tool[] {
  const listed = (tool: (typeof AI_TOOLS)[number]) =>
    !tool.extensionOnly && (mode !== 'readOnly' || !tool.write) && !(aggregateAbsent && tool.name === AGGREGATE_TOOL.name);
  return AI_TOOLS.filter(listed).map((tool) => ({
    name: tool.name,
    title: tool.displayName,
    description: tool.write && mode === 'confirm' ? `${tool.modelDescription} ${CONFIRM_NOTE}` : tool.modelDescription,
    inputSchema: tool.inputSchema,
    annotations: { readOnlyHint: !tool.write && !tool.mayWrite, destructiveHint: tool.name === 'dbhost_deleteDocument' },
  }));
}

const CONFIRM_NOTE =
  'This server is in Confirm-writes mode: it asks the user to accept the exact request through the client (MCP elicitation); a client that cannot ask the user gets a refusal, and nothing is sent.';

const answer = (text: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text }], ...(isError ? { isError } : {}) });

/** The MCP server over the shared tools of core/aiTools, with the account's mode deciding every write. */
export function createMcpServer(settings: McpServerSettings): Server {
  const server = new Server({ name: 'dbhost', version: settings.version }, { capabilities: { tools: { listChanged: true } } });
  // Learnt from the service's first 404 to …/aggregate: the tool is no longer listed, and a call says so without sending.
  let aggregateAbsent = false;
  const aggregate: AggregateMemory = {
    label: settings.label,
    known: () => aggregateAbsent,
    learnt: () => {
      aggregateAbsent = true;
      void server.sendToolListChanged().catch(() => undefined);
    },
  };
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listedTools(settings.mode, aggregateAbsent) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: input } = request.params;
    let result: CallToolResult;
    let outcome: string;
    try {
      ({ result, outcome } = await callTool(server, { ...settings, aggregate }, name, input));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      result = answer(`Error: ${message}`, true);
      outcome = `failed: ${message}`;
    }
    const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    settings.log(
      settings.redact(
        `account "${settings.label}" · ${name} · input ${stringifyLossless(input ?? {}).slice(0, 2000)} · ${outcome.replace(/\s+/g, ' ')}`,
      ),
    );
    return { ...result, content: [{ type: 'text', text: settings.redact(text) }] };
  });
  return server;
}

async function callTool(
  server: Server,
  settings: McpServerSettings & { aggregate: AggregateMemory },
  name: string,
  input: unknown,
): Promise<{ result: CallToolResult; outcome: string }> {
  if (isReadTool(name) && !isWriteCall(name, input)) {
    const text = await runReadTool(settings.api, name, input, settings.label, settings.aggregate);
    return { result: answer(text), outcome: `ok, ${text.length} characters` };
  }
  if (!isWriteCall(name, input))
    return {
      result: answer(`Error: no tool is named ${JSON.stringify(name)}; list the tools to see them.`, true),
      outcome: 'unknown tool',
    };
  const plan = planWrite(name, input, settings.aggregate);
  if (name === AGGREGATE_TOOL.name && settings.aggregate.known())
    return { result: answer(noAggregationText(settings.label, false)), outcome: 'not sent (the service has no aggregation)' };
  if (settings.mode === 'readOnly') {
    const refusal = refusalText(settings.label, undefined, settings.mode, plan.request).replace(
      / Change its mode.*$/,
      ' Start the server without --mode read-only to allow writes.',
    );
    return { result: answer(`Refused, nothing was sent. ${refusal}`, true), outcome: `refused (${modeLabel(settings.mode)})` };
  }
  if (settings.mode === 'confirm') {
    const refusal = await askUser(server, settings, plan);
    if (refusal)
      return {
        result: answer(refusal, true),
        outcome: refusal.startsWith('Not sent: the user') ? 'declined by the user' : 'refused (no way to ask)',
      };
  }
  const text = await plan.send(settings.api);
  return { result: answer(text), outcome: `sent ${plan.request.method} ${plan.request.path}` };
}

/** Asks the user through the client (elicitation); the reason nothing is sent, or undefined when they accepted. */
async function askUser(server: Server, settings: McpServerSettings, plan: ReturnType<typeof planWrite>): Promise<string | undefined> {
  if (!server.getClientCapabilities()?.elicitation) {
    return `Not sent: this server is in Confirm-writes mode and this MCP client cannot ask its user (it does not offer elicitation). Ask the user to make the change, or to run the server in Normal mode. The request would have been:\n${confirmationText(plan, settings.label, undefined, '')}`;
  }
  const affected = await plan
    .affected(settings.api)
    .catch((error: unknown) => `Affects: could not be counted (${error instanceof Error ? error.message : String(error)}).`);
  const reply = await server.elicitInput({
    message: confirmationText(plan, settings.label, undefined, affected),
    requestedSchema: {
      type: 'object',
      properties: { send: { type: 'boolean', title: 'Send this request', default: false } },
      required: ['send'],
    },
  });
  if (reply.action === 'accept' && reply.content?.send === true) return undefined;
  return `Not sent: the user did not accept the request (${reply.action}). Do not retry it unless the user asks.`;
}
