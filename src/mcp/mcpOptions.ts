import * as fs from 'node:fs';
import type { WriteMode } from '../core/guardrails/accountGuardrails';

export interface McpOptions {
  url: string;
  apiKey: string;
  mode: WriteMode;
  label: string;
}

export class McpOptionsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpOptionsError';
  }
}

export const USAGE = `Usage: dbhost-mcp --url <service address> [--mode normal|confirm|read-only] [--label <name>] [--config <file.json>]
The API key comes from the environment (DBHOST_API_KEY) or the config file's "apiKey", never from the command line.
A config file is JSON: {"url": "...", "mode": "read-only", "label": "...", "apiKey": "..."}; command-line flags win over it.`;

const MODES: Record<string, WriteMode> = {
  normal: 'normal',
  confirm: 'confirm',
  'confirm-writes': 'confirm',
  'read-only': 'readOnly',
  readonly: 'readOnly',
  readOnly: 'readOnly',
};
const FLAGS = new Set(['--url', '--mode', '--label', '--config', '--account-id']);

function parseFlags(argv: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (/^--(api-?key|key)(=|$)/i.test(flag)) {
      throw new McpOptionsError(
        'The API key is never taken from the command line (other users of this machine can read it there): set DBHOST_API_KEY or put "apiKey" in a config file.',
      );
    }
    if (!FLAGS.has(flag)) throw new McpOptionsError(`Unknown option ${JSON.stringify(flag)}.\n${USAGE}`);
    const value = argv[i + 1];
    if (value === undefined) throw new McpOptionsError(`${flag} needs a value.\n${USAGE}`);
    flags.set(flag, value);
    i++;
  }
  return flags;
}

function readConfig(file: string | undefined): Record<string, unknown> {
  if (file === undefined) return {};
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new McpOptionsError(`Could not read the config file ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const config = JSON.parse(text) as unknown;
    if (typeof config === 'object' && config !== null && !Array.isArray(config)) return config as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new McpOptionsError(`The config file ${file} is not a JSON object.`);
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** The server's options from its arguments, environment and config file. */
export function parseMcpOptions(argv: readonly string[], env: NodeJS.ProcessEnv): McpOptions {
  const flags = parseFlags(argv);
  const config = readConfig(flags.get('--config'));
  const url = flags.get('--url') ?? text(config.url);
  if (!url) throw new McpOptionsError(`--url is required (or "url" in the config file).\n${USAGE}`);
  const modeText = flags.get('--mode') ?? text(config.mode) ?? 'normal';
  const mode = Object.hasOwn(MODES, modeText) ? MODES[modeText] : undefined;
  if (!mode) throw new McpOptionsError(`--mode must be normal, confirm or read-only; got ${JSON.stringify(modeText)}.`);
  const apiKey = text(env.DBHOST_API_KEY) ?? text(config.apiKey);
  if (!apiKey) throw new McpOptionsError('No API key: set DBHOST_API_KEY in the environment or "apiKey" in the config file (--config).');
  return { url, apiKey, mode, label: flags.get('--label') ?? text(config.label) ?? url };
}
