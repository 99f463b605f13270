import { parseLossless } from '../core/json/lossless';
import type { JsonValue } from '../core/json/lossless';
import type { ServiceAnswer } from '../core/api/types';
import type { FetchFunction } from './fetchFunction';
import { UnexpectedShape } from './responseShapes';
import { ServiceAddress } from './serviceAddress';
import { Transport } from './transport';
import type { OutgoingRequest, ServiceAnswerText, ServiceRequest } from './transport';

export interface DbHostClientOptions {
  /** http or https, with or without a path prefix or trailing slash. */
  baseUrl: string;
  apiKey: string;
  /** Time limit of a whole call, retries included. Default 30 000. */
  timeoutMs?: number;
  /** Extra tries of a GET after a network error or a 502/503/504. Default 2. */
  retries?: number;
  /** Wait before the first retry; doubled for each further one. Default 250. */
  retryDelayMs?: number;
  /** Replaces node-fetch (tests, fault injection). */
  fetch?: FetchFunction;
  /**
   * Sends the key in the MongoHQ-API-Token header instead of the `_apikey` query parameter: in a browser, where
   * URLs are kept in the network log and history. The service accepts both.
   */
  keyInHeader?: boolean;
  /** Receives one line per HTTP request: method, path (key redacted), status or failure, duration. */
  log?: (line: string) => void;
  /**
   * Runs before every request, writes and retries' first try alike, with what will be sent (never the
   * key); when it rejects, nothing is sent and its error is the call's. Guardrails use it.
   */
  beforeSend?: (request: OutgoingRequest) => Promise<void>;
}

/** The longest delay setTimeout honours. */
const MAX_TIMER = 2 ** 31 - 1;

/** A numeric option within bounds, or its default when absent or not a number. */
function within(value: number | undefined, min: number, max: number, fallback: number): number {
  return value === undefined || Number.isNaN(value) ? fallback : Math.min(max, Math.max(min, value));
}

export function isJsonContent(contentType: string | null): boolean {
  return contentType === null || /json/i.test(contentType);
}

/**
 * How every endpoint method of the client talks to the service: a read's JSON shaped into its type, a
 * write's answer, and the reports of a body that is not what was asked for. The endpoint methods live in
 * the classes built on this one, a file per group of resources.
 */
export abstract class ServiceCalls {
  protected readonly transport: Transport;

  constructor(options: DbHostClientOptions) {
    this.transport = new Transport({
      address: new ServiceAddress(options.baseUrl),
      apiKey: options.apiKey,
      timeoutMs: within(options.timeoutMs, 1, MAX_TIMER, 30_000),
      maxTimeoutMs: MAX_TIMER,
      retries: Math.floor(within(options.retries, 0, 10, 2)),
      retryDelayMs: within(options.retryDelayMs, 0, MAX_TIMER, 250),
      fetch: options.fetch,
      keyInHeader: options.keyInHeader ?? false,
      log: options.log,
      beforeSend: options.beforeSend,
    });
  }

  protected async read<T>(request: ServiceRequest, shape: (value: JsonValue | undefined) => T): Promise<T> {
    const { answer, value } = await this.fetchJson(request);
    return this.shaped(request, answer, () => shape(value));
  }

  /**
   * A write's answer: its JSON, null for an empty body, the text itself for a non-JSON text body.
   * A body claiming to be JSON that is not is reported, saying the change may have been made.
   */
  protected async write(request: ServiceRequest): Promise<ServiceAnswer> {
    const answer = await this.transport.send(request);
    if (answer.text.trim() === '') return null;
    if (!isJsonContent(answer.contentType) && !canParse(answer.text)) return answer.text;
    try {
      return parseLossless(answer.text);
    } catch (error) {
      throw this.transport.invalidResponse(
        request,
        answer,
        `${notJson(error, this.transport.scrub(answer.text))}; the change may have been made anyway`,
      );
    }
  }

  protected async fetchJson(request: ServiceRequest): Promise<{ answer: ServiceAnswerText; value: JsonValue | undefined }> {
    const answer = await this.transport.send(request);
    return { answer, value: this.parse(request, answer) };
  }

  protected parse(request: ServiceRequest, answer: ServiceAnswerText): JsonValue | undefined {
    if (answer.text.trim() === '') return undefined;
    try {
      return parseLossless(answer.text);
    } catch (error) {
      throw this.transport.invalidResponse(request, answer, notJson(error, this.transport.scrub(answer.text)));
    }
  }

  protected shaped<T>(request: ServiceRequest, answer: ServiceAnswerText, shape: () => T): T {
    try {
      return shape();
    } catch (error) {
      if (error instanceof UnexpectedShape) throw this.transport.invalidResponse(request, answer, error.message);
      throw error;
    }
  }
}

export function canParse(text: string): boolean {
  try {
    parseLossless(text);
    return true;
  } catch {
    return false;
  }
}

function notJson(error: unknown, text: string): string {
  const reason = error instanceof Error ? error.message : String(error);
  const start = text.trim().replace(/\s+/g, ' ');
  return `the body is not valid JSON (${reason}): ${start.length > 80 ? `${start.slice(0, 80)}…` : start}`;
}
