import { stringifyLossless } from '../core/json/lossless';
import { CallAborted, CallDeadline } from './callDeadline';
import { loadNodeFetch } from './fetchFunction';
import type { FetchFunction, FetchResponse } from './fetchFunction';
import { formatDuration } from './formatDuration';
import { describeNetworkFailure, scrubbedCause } from './networkFailure';
import { encodeStrict, redactKey } from '../core/text/redactKey';
import type { ServiceAddress } from './serviceAddress';
import { ServiceError } from '../core/api/serviceError';
import type { ServiceErrorDetails } from '../core/api/serviceError';
import { serviceMessageOf } from './serviceMessage';
import { statusText } from './statusText';
import type { CallOptions } from '../core/api/types';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ServiceRequest {
  method: HttpMethod;
  /** The API path, segments already encoded, starting with `/`. */
  path: string;
  /** Query parameters other than the key. */
  query?: Array<[string, string]>;
  /** Top-level members of the JSON body (POST and PUT only). */
  body?: Record<string, unknown>;
  options?: CallOptions;
}

/** A successful (2xx) answer, body read in full. */
export interface ServiceAnswerText {
  status: number;
  headers: FetchResponse['headers'];
  contentType: string | null;
  text: string;
}

export interface TransportSettings {
  address: ServiceAddress;
  apiKey: string;
  timeoutMs: number;
  /** The longest time limit a call may ask for. */
  maxTimeoutMs: number;
  retries: number;
  retryDelayMs: number;
  fetch?: FetchFunction;
  /** The key in the MongoHQ-API-Token header rather than in the URL. */
  keyInHeader?: boolean;
  log?: (line: string) => void;
  beforeSend?: (request: OutgoingRequest) => Promise<void>;
}

/** What a request sends, without the key and the call's options. */
export type OutgoingRequest = Omit<ServiceRequest, 'options'>;

const RETRIED_STATUSES = new Set([502, 503, 504]);
const MAX_LOG_LINE = 1000;

type AttemptOutcome = { answer: ServiceAnswerText } | { error: ServiceError; retryable: boolean };

/** The header the service reads the key from (the original service's clients sent it there). */
export const KEY_HEADER = 'MongoHQ-API-Token';

/**
 * Sends one request per call (a GET may be sent again), with the key in the query string (or its header), and
 * scrubs the key from everything it reports.
 */
export class Transport {
  private readonly keyParameter: string;

  constructor(private readonly settings: TransportSettings) {
    this.keyParameter = settings.keyInHeader ? '' : `_apikey=${encodeStrict(settings.apiKey)}`;
  }

  async send(request: ServiceRequest): Promise<ServiceAnswerText> {
    const { method } = request;
    if (this.settings.beforeSend) await this.settings.beforeSend({ method, path: request.path, query: request.query, body: request.body });
    let query = '';
    for (const [name, value] of request.query ?? []) query += `${encodeStrict(name)}=${encodeStrict(value)}&`;
    const url = this.settings.address.url(request.path, this.keyParameter ? query + this.keyParameter : query.slice(0, -1));
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.settings.keyInHeader) headers[KEY_HEADER] = this.settings.apiKey;
    let body: string | undefined;
    if (request.body !== undefined) {
      body = stringifyLossless(request.body);
      headers['Content-Type'] = 'application/json';
    }
    const callTimeout = request.options?.timeoutMs;
    const timeoutMs =
      callTimeout !== undefined && callTimeout >= 1 ? Math.min(callTimeout, this.settings.maxTimeoutMs) : this.settings.timeoutMs;
    const deadline = new CallDeadline(request.options?.signal, timeoutMs);
    try {
      const fetch =
        this.settings.fetch ??
        (await deadline.race(loadNodeFetch()).catch((error: unknown) => this.endedOrRethrow(request, deadline, error)));
      for (let attempt = 0; ; attempt++) {
        const outcome = await this.attempt(
          request,
          url,
          fetch,
          { method, headers, body, signal: deadline.signal, redirect: 'manual' },
          deadline,
        );
        if ('answer' in outcome) return outcome.answer;
        if (method !== 'GET' || !outcome.retryable || attempt >= this.settings.retries) throw outcome.error;
        await deadline
          .wait(this.settings.retryDelayMs * 2 ** attempt)
          .catch((error: unknown) => this.endedOrRethrow(request, deadline, error));
      }
    } finally {
      deadline.dispose();
    }
  }

  /** The error for a 2xx answer whose body the client cannot use. */
  invalidResponse(request: ServiceRequest, answer: ServiceAnswerText, problem: string): ServiceError {
    return this.error(`${request.method} ${request.path} returned an invalid response: ${problem}`, {
      kind: 'invalid-response',
      method: request.method,
      path: request.path,
      status: answer.status,
    });
  }

  private async attempt(
    request: ServiceRequest,
    url: string,
    fetch: FetchFunction,
    init: Parameters<FetchFunction>[1],
    deadline: CallDeadline,
  ): Promise<AttemptOutcome> {
    const started = Date.now();
    let response: FetchResponse;
    let text: string;
    try {
      // new Promise turns a synchronous throw into a rejection, like the async function fetch should be.
      response = await deadline.race(new Promise<FetchResponse>((resolve) => resolve(fetch(url, init))));
      text = await deadline.race(new Promise<string>((resolve) => resolve(response.text())));
    } catch (failure) {
      if (deadline.endedBy !== undefined || failure instanceof CallAborted) {
        this.log(request, url, deadline.endedBy === 'cancelled' ? 'cancelled' : 'timed out', started);
        return { error: this.endedError(request, deadline, failure), retryable: false };
      }
      const reason = describeNetworkFailure(failure);
      this.log(request, url, `failed (${reason})`, started);
      const error = this.error(`Could not reach the service at ${this.settings.address.display}: ${reason}`, {
        kind: 'network',
        method: request.method,
        path: request.path,
        cause: scrubbedCause(failure, (t) => this.scrub(t)),
      });
      return { error, retryable: true };
    }
    this.log(request, url, String(response.status), started);
    const contentType = response.headers.get('content-type');
    if (response.status >= 200 && response.status < 300)
      return { answer: { status: response.status, headers: response.headers, contentType, text } };
    return { error: this.httpError(request, response, text), retryable: RETRIED_STATUSES.has(response.status) };
  }

  private httpError(request: ServiceRequest, response: FetchResponse, text: string): ServiceError {
    const { status } = response;
    const serviceMessage = serviceMessageOf(text, response.headers.get('content-type'), (t) => this.scrub(t));
    let explanation = serviceMessage ?? (response.statusText || statusText(status) || 'HTTP error');
    if (status >= 300 && status < 400) {
      const location = response.headers.get('location');
      explanation = `the service redirects${location ? ` to ${location}` : ''}; set the service address to where it moved`;
    }
    return this.error(`${request.method} ${request.path} failed: ${status} ${explanation}`, {
      kind: 'http',
      method: request.method,
      path: request.path,
      status,
      serviceMessage: serviceMessage === undefined ? undefined : this.scrub(serviceMessage),
    });
  }

  private endedError(request: ServiceRequest, deadline: CallDeadline, failure: unknown): ServiceError {
    const details = { method: request.method, path: request.path };
    if (deadline.endedBy === 'cancelled')
      return this.error(`${request.method} ${request.path} was cancelled`, { ...details, kind: 'cancelled' });
    if (deadline.endedBy === 'timeout') {
      return this.error(`${request.method} ${request.path} timed out after ${formatDuration(deadline.timeoutMs)}`, {
        ...details,
        kind: 'timeout',
      });
    }
    return this.error(`${request.method} ${request.path} was aborted`, {
      ...details,
      kind: 'cancelled',
      cause: scrubbedCause(failure, (t) => this.scrub(t)),
    });
  }

  /** For waits outside a request (loading fetch, backoff): turns the end of the call into its ServiceError. */
  private endedOrRethrow(request: ServiceRequest, deadline: CallDeadline, failure: unknown): never {
    if (failure instanceof CallAborted) throw this.endedError(request, deadline, failure);
    throw failure;
  }

  private error(message: string, details: ServiceErrorDetails): ServiceError {
    const error = new ServiceError(this.scrub(message), { ...details, path: this.scrub(details.path) });
    error.stack = this.scrub(error.stack ?? '');
    return error;
  }

  /** The text without the key; callers that cut text to length scrub before the cut. */
  scrub(text: string): string {
    return redactKey(text, this.settings.apiKey);
  }

  private log(request: ServiceRequest, url: string, outcome: string, started: number): void {
    const { log } = this.settings;
    if (!log) return;
    const target = url.slice(this.settings.address.display.length);
    let line = this.scrub(`${request.method} ${target} ${outcome} ${formatDuration(Date.now() - started)}`);
    if (line.length > MAX_LOG_LINE) line = `${line.slice(0, MAX_LOG_LINE - 1)}…`;
    try {
      log(line);
    } catch {
      // A failing logger must not fail the call.
    }
  }
}
