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

// Each test file is bundled with its own copy of this module: the copies share one recorder, as they share the
// product's `vscode.window` (the suite runs from inside the product's folder), whose createOutputChannel it wraps.
const records: ChannelRecord[] = ((globalThis as { [key: symbol]: ChannelRecord[] })[Symbol.for('dbhost.integration.outputChannels')] ??=
  recordChannels());

function recordChannels(): ChannelRecord[] {
  const made: ChannelRecord[] = [];
  const create = writable.createOutputChannel;
  writable.createOutputChannel = (name, options) => {
    const channel = create(name, options);
    const record = new ChannelRecord(name);
    made.push(record);
    // A Proxy rather than a copy: a `{ log: true }` channel is a LogOutputChannel, whose members (info, warn,
    // logLevel, onDidChangeLogLevel…) the product uses and a hand-written copy would drop.
    const recording = passThrough(channel, {
      appendLine: (value: string) => {
        channel.appendLine(value);
        record.add(value);
      },
    });
    return recording;
  };
  return made;
}

/** The lines the latest output channel named `name` appended, recorded as it appended them. */
export function channelNamed(name: string): ChannelRecord {
  const record = records.filter((made) => made.name === name).pop();
  if (!record) throw new Error(`The product made no output channel "${name}"`);
  return record;
}
