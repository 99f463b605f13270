import * as vscode from 'vscode';
import { passThrough } from './passThrough';

/** One line a deployment log channel appended, read back from what it shows. */
export interface TranscriptLine {
  level: 'log' | 'info' | 'warn';
  /** A server's line as shown; of a notice of the extension's own, its text after the time and "DB Host…:". */
  text: string;
  /** The line as the channel shows it. */
  shown: string;
}

/** What one output channel the product made has appended, oldest first (the latest ones). */
export class ChannelRecord {
  readonly transcript: TranscriptLine[] = [];
  private readonly appended = new vscode.EventEmitter<readonly TranscriptLine[]>();
  readonly onDidAppend = this.appended.event;

  constructor(readonly name: string) {}

  add(shown: string): void {
    const notice = /^\d\d:\d\d:\d\d DB Host( warning)?: ([\s\S]*)$/.exec(shown);
    const line: TranscriptLine = notice
      ? { level: notice[1] ? 'warn' : 'info', text: notice[2], shown }
      : { level: 'log', text: shown, shown };
    this.transcript.push(line);
    if (this.transcript.length > KEPT_LINES) this.transcript.splice(0, this.transcript.length - KEPT_LINES);
    this.appended.fire([line]);
  }
}

const KEPT_LINES = 5000;

type Create = (name: string, options?: unknown) => vscode.OutputChannel;
const writable = vscode.window as unknown as { createOutputChannel: Create };

interface Recorder {
  /** Every channel made while recording, oldest first. */
  readonly made: ChannelRecord[];
  /** A channel each time it was brought to the front of the Output panel, oldest first. */
  readonly shown: ChannelRecord[];
}

// Each test file is bundled with its own copy of this module: the copies share one recorder, as they share the
// product's `vscode.window` (the suite runs from inside the product's folder), whose createOutputChannel it wraps.
// The suite entry (index.ts) imports it before it activates the product, so the channels activation makes are seen.
const recorder: Recorder = ((globalThis as { [key: symbol]: Recorder })[Symbol.for('dbhost.integration.outputChannels')] ??=
  recordChannels());

function recordChannels(): Recorder {
  const recorded: Recorder = { made: [], shown: [] };
  const create = writable.createOutputChannel;
  writable.createOutputChannel = (name, options) => {
    const channel = create(name, options);
    const record = new ChannelRecord(name);
    recorded.made.push(record);
    // A Proxy rather than a copy: a `{ log: true }` channel is a LogOutputChannel, whose members (info, warn,
    // logLevel, onDidChangeLogLevel…) the product uses and a hand-written copy would drop.
    const recording = passThrough(channel, {
      appendLine: (value: string) => {
        channel.appendLine(value);
        record.add(value);
      },
      show: (...args: unknown[]) => {
        recorded.shown.push(record);
        (channel.show as (...showArgs: unknown[]) => void)(...args);
      },
    });
    return recording;
  };
  return recorded;
}

/** The lines the latest output channel named `name` appended, recorded as it appended them. */
export function channelNamed(name: string): ChannelRecord {
  const record = recorder.made.filter((made) => made.name === name).pop();
  if (!record) throw new Error(`The product made no output channel "${name}"`);
  return record;
}

/** The output channel `run` brought to the front of the Output panel (the last one, if several), as a person sees it. */
export async function channelShownBy(run: () => Thenable<unknown>): Promise<ChannelRecord> {
  const before = recorder.shown.length;
  await run();
  const shown = recorder.shown.slice(before).pop();
  if (!shown) throw new Error('No output channel was shown');
  return shown;
}
