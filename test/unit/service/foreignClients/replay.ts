import { request } from 'node:http';
import { connect } from 'node:net';
import type { TrafficCall } from './traffic';

export interface ReplayAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** Whether the service closed the connection after answering (checked for stray-byte requests only). */
  closed?: boolean;
}

/** Replaces `{name}` placeholders; an unknown one is an error in the description, not a silent blank. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`No value for the placeholder {${name}}`);
    return values[name];
  });
}

const fillAll = (members: Record<string, string> | undefined, values: Record<string, string>) =>
  Object.entries(members ?? {}).map(([name, value]): [string, string] => [name, fill(value, values)]);

function fillJson(value: unknown, values: Record<string, string>): unknown {
  if (typeof value === 'string') return fill(value, values);
  if (Array.isArray(value)) return value.map((item) => fillJson(item, values));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, fillJson(item, values)]));
  return value;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The request a client makes for `call`, as it puts it on the wire. */
export function wireRequest(
  call: TrafficCall,
  key: string,
  values: Record<string, string>,
): { path: string; headers: Record<string, string>; body?: string } {
  const query = new URLSearchParams(fillAll(call.query, values));
  if (call.key.includes('query')) query.set('_apikey', key);
  const search = query.toString();
  const path = `${fill(call.path, values)}${search ? `?${search}` : ''}`;
  const headers: Record<string, string> = { 'User-Agent': `replay of ${call.does}` };
  if (call.key.includes('header')) headers['MongoHQ-API-Token'] = key;
  let body: string | undefined;
  if (call.json) {
    body = JSON.stringify(fillJson(call.json, values));
    headers['Content-Type'] = 'application/json';
  } else if (call.form || call.key.includes('form')) {
    const form = new URLSearchParams(fillAll(call.form, values));
    if (call.key.includes('form')) form.set('_apikey', key);
    body = form.toString();
    headers['Content-Type'] = call.declaredType ?? 'application/x-www-form-urlencoded';
  } else if (call.method === 'POST' || call.method === 'PUT') {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = '0';
  }
  return { path, headers, body };
}

/** Sends a request through Node's http client (a POST or PUT body goes chunked, as the clients' libraries sent it). */
function sendHttp(baseUrl: string, method: string, wire: ReturnType<typeof wireRequest>): Promise<ReplayAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(new URL(wire.path, baseUrl), { method, headers: wire.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, String(value)]));
        resolve({ status: response.statusCode ?? 0, headers, body: parseJson(Buffer.concat(chunks).toString('utf8')) });
      });
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(wire.body);
  });
}

/**
 * Writes a GET or DELETE head with no length and then the body bytes, as the nodejs client does, and reads
 * until the service closes the connection.
 */
export function sendWithStrayBody(baseUrl: string, method: string, wire: ReturnType<typeof wireRequest>): Promise<ReplayAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('connect', () => {
      const head = [
        `${method} ${wire.path} HTTP/1.1`,
        `Host: ${url.host}`,
        ...Object.entries(wire.headers).map(([name, value]) => `${name}: ${value}`),
        'Connection: keep-alive',
        '',
        '',
      ].join('\r\n');
      socket.write(head);
      socket.write(wire.body ?? '');
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`No complete answer before the connection closed: ${JSON.stringify(text)}`));
      const [statusLine, ...headerLines] = text.slice(0, split).split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const length = Number(headers['content-length']);
      const rest = Buffer.from(text.slice(split + 4), 'utf8');
      const body = Number.isFinite(length) ? rest.subarray(0, length) : rest;
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: parseJson(body.toString('utf8')), closed: true });
    });
  });
}

export function replay(baseUrl: string, key: string, call: TrafficCall, values: Record<string, string>): Promise<ReplayAnswer> {
  const wire = wireRequest(call, key, values);
  return call.trailingBody ? sendWithStrayBody(baseUrl, call.method, wire) : sendHttp(baseUrl, call.method, wire);
}
