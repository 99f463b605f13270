import * as http from 'node:http';
import * as net from 'node:net';
import type { FuzzCase, FuzzRequest, RawRequest } from './requestGenerator';

/** What came back: the statuses seen (several for pipelined raw requests), the body text, or why nothing did. */
export interface CaseOutcome {
  statuses: number[];
  text: string;
  /** The connection ended without an answer, with this error. */
  failure?: string;
}

/** The longest a single request may take before it counts as a hang. */
const NO_ANSWER_MS = 15_000;

export function sendCase(base: URL, agent: http.Agent, fuzzCase: FuzzCase): Promise<CaseOutcome> {
  return fuzzCase.kind === 'raw' ? sendRaw(base, fuzzCase) : sendHttp(base, agent, fuzzCase);
}

function sendHttp(base: URL, agent: http.Agent, request: FuzzRequest): Promise<CaseOutcome> {
  return new Promise((settle) => {
    let done = false;
    let outgoing: http.ClientRequest | undefined;
    const guard = setTimeout(() => {
      outgoing?.destroy();
      finish({ statuses: [], text: '', failure: `no answer within ${NO_ANSWER_MS} ms` });
    }, NO_ANSWER_MS);
    const finish = (outcome: CaseOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(guard);
      settle(outcome);
    };
    const headers = { ...request.headers };
    if (request.body !== undefined) headers['Content-Length'] = String(request.body.length);
    try {
      outgoing = http.request(
        { host: base.hostname, port: base.port, method: request.method, path: request.target, headers, agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => finish({ statuses: [response.statusCode ?? 0], text: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', (error) => finish({ statuses: [response.statusCode ?? 0], text: '', failure: error.message }));
        },
      );
    } catch (error) {
      // Node refused to send it (an invalid method or path): nothing reached the service.
      finish({ statuses: [], text: '', failure: `not sent: ${(error as Error).message}` });
      return;
    }
    outgoing.on('error', (error) => finish({ statuses: [], text: '', failure: error.message }));
    outgoing.end(request.body);
  });
}

function sendRaw(base: URL, request: RawRequest): Promise<CaseOutcome> {
  return new Promise((settle) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: base.hostname, port: Number(base.port) });
    const finish = (failure?: string) => {
      clearTimeout(guard);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const statuses = [...text.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((match) => Number(match[1]));
      settle({ statuses, text, failure });
    };
    const guard = setTimeout(() => finish(`no end of the connection within ${NO_ANSWER_MS} ms`), NO_ANSWER_MS);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => finish());
    // A reset after the service has answered and closed is fine: the answer is what counts.
    socket.on('error', () => undefined);
    socket.on('connect', () => socket.end(request.bytes));
  });
}

/** The request as a short, printable text, for a failure report. */
export function describeCase(fuzzCase: FuzzCase): string {
  const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);
  if (fuzzCase.kind === 'raw') return `raw bytes: ${JSON.stringify(cut(fuzzCase.bytes.toString('latin1'), 400))}`;
  const body = fuzzCase.body === undefined ? '' : `\n  body: ${JSON.stringify(cut(fuzzCase.body.toString('utf8'), 400))}`;
  return `${fuzzCase.method} ${cut(fuzzCase.target, 400)}\n  headers: ${JSON.stringify(fuzzCase.headers)}${body}`;
}
