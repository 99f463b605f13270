import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { redactKey } from '../core/text/redactKey';
import type { Account } from './account';
import { Accounts } from './accounts';
import { stringifyExtended } from './bson/extendedJson';
import { errorBody, HttpError } from './errors';
import { freezeIntrinsics } from './hardening/freezeIntrinsics';
import { trackOperation } from './activity/trackOperation';
import { readBody } from './http/body';
import { CorsPolicy } from './http/cors';
import type { CorsHeaders } from './http/cors';
import { asksOriginalShape, hasFormBody, keyMayBeInBody, refuseOtherFormKey, requestKey, requestMembers } from './http/legacyTransport';
import type { Body } from './http/params';
import type { Method } from './http/method';
import { displayPath, parseRequestTarget } from './http/requestTarget';
import { requestScope } from './requestScope';
import { matchRoute } from './routes';
import type { Reply } from './http/types';
import { OK } from './http/types';
import { requireUtf8 } from './http/utf8';
import { withBudget } from './query/budget';
import type { AccountStores } from './store/accountStore';
import type { JournalIo } from './store/journal';
import { JournalStores } from './store/journalStores';
import { openPostgresStores } from './store/postgres/postgresStores';
import { logTimestamp } from './operationLog';

export interface ServiceOptions {
  /** Default 8780; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  dataDir: string;
  /** One account per key. */
  apiKeys: string[];
  /** Whether the accounts have payment information (needed for paid plans). Default true. */
  payment?: boolean;
  /** Skip the demo data of new accounts. Default false. */
  empty?: boolean;
  /** Receives one line per request (unless `logRequests` is false) and every problem; never the key. */
  log?: (line: string) => void;
  logRequests?: boolean;
  /** Operations on a database taking at least this long go to its slow query log. Default 100. */
  slowQueryMs?: number;
  /** The journals' file operations; tests pass their own to watch or fail the syncs. */
  journalIo?: JournalIo;
  /**
   * Where the accounts' data is kept: absent, in journal files under `dataDir`; a `postgres://USER@HOST:PORT/DBNAME`
   * URL, in that PostgreSQL database (created when it does not exist; credentials from the URL or the PG* variables).
   */
  store?: string;
  /** With `store`: each account's budget of loaded documents, in MB of their stored text (default 32). */
  storeCacheMb?: number;
  /** Browser origins (`https://vscode.dev`) whose pages may call the service: CORS headers for them, none for others. */
  allowOrigins?: readonly string[];
}

export interface RunningService {
  url: string;
  port: number;
  /** Where the data is, as printed at start ("Data in …"; never a password). */
  data: string;
  close(): Promise<void>;
}

const INTERNAL_ERROR = 'Internal error in the local service; the service log has the details';
const MAX_HEADER_BYTES = 1024 * 1024;
const MAX_REFUSED_ORIGINS_LOGGED = 100;

const JSON_TYPE = 'application/json; charset=utf-8';
/** The body most writes answer with, written once. */
const OK_TEXT = stringifyExtended(OK.body);

/** Sends the reply as JSON; stored values (object ids, dates) go out as extended JSON. */
function send(response: ServerResponse, reply: Reply, corsHeaders: Record<string, string>): void {
  if (response.headersSent) return;
  const text = reply.body === OK.body ? OK_TEXT : stringifyExtended(reply.body);
  const headers: Record<string, string | number> = { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(text) };
  if (reply.headers) Object.assign(headers, reply.headers);
  Object.assign(headers, corsHeaders);
  response.writeHead(reply.status ?? 200, headers);
  response.end(text);
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  freezeIntrinsics();
  const cors = new CorsPolicy(options.allowOrigins ?? []);
  const accounts = await openAccounts(options);
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES });
  serveRequests(server, accounts, options, cors);
  // Node closes an idle kept-alive connection after 5 s; a client that reuses it at that moment gets a reset,
  // and a write is never retried. A busy client (a 1 MB diff) easily waits that long between two requests.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8780, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 8780);
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    data: accounts.description,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => accounts.close());
      return closing;
    },
  };
}

/** The accounts of the keys, each deployment's members recorded as running and the slow query threshold set. */
async function openAccounts(options: ServiceOptions): Promise<Accounts> {
  if (options.apiKeys.length === 0 || options.apiKeys.some((key) => typeof key !== 'string' || key.length === 0)) {
    throw new Error('The service needs at least one non-empty API key');
  }
  const log = options.log ?? (() => undefined);
  const stores: AccountStores =
    options.store === undefined
      ? new JournalStores(options.dataDir, log, options.journalIo)
      : await openPostgresStores(options.store, log, options.storeCacheMb);
  let accounts: Accounts;
  try {
    accounts = await Accounts.open({ stores, apiKeys: options.apiKeys, payment: options.payment ?? true, empty: options.empty ?? false });
  } catch (error) {
    await stores.close();
    throw error;
  }
  for (const account of accounts.all()) {
    for (const deployment of account.deployments()) {
      account.operations.record(
        deployment.members,
        'initandlisten',
        `dbhost local service serving ${deployment.databases.join(', ')}`,
        true,
      );
    }
    account.slowQueries.thresholdMs = options.slowQueryMs ?? account.slowQueries.thresholdMs;
  }
  return accounts;
}

/** Answers the server's requests: each with its reply or its error as JSON, logged without any key. */
function serveRequests(server: Server, accounts: Accounts, options: ServiceOptions, cors: CorsPolicy): void {
  const log = options.log ?? (() => undefined);
  const logRequests = options.logRequests !== false && options.log !== undefined;
  const threads = new WeakMap<Socket, string>();
  /** The answer a connection is writing (its request is `response.req`), so that stray bytes after its request do not cut it off. */
  const answering = new WeakMap<Socket, ServerResponse>();
  let connections = 0;
  const corsOf = corsWithLog(cors, (line) => log(`${logTimestamp(new Date())} ${scrub(line)}`));
  /** Text the service prints or answers, without any of its keys (whatever the path or a message echoes). */
  const scrub = (text: string): string => options.apiKeys.reduce((result, key) => redactKey(result, key), text);
  // Scrubbed only when a line is printed: it is a scan of the path for every form of every key.
  const pathOf = (request: IncomingMessage) => scrub(displayPath(request.url));
  /**
   * The account a connection's last key found. A kept-alive client sends the same key with every request, and
   * the keyed hash that finds an account costs more than the rest of a small request's parsing; comparing with
   * what the same connection sent before tells nobody anything about another key.
   */
  const lastFound = new WeakMap<Socket, { key: string; account: Account }>();
  const findAccount = (socket: Socket, key: string): Account | undefined => {
    const last = lastFound.get(socket);
    if (last?.key === key) return last.account;
    const account = accounts.find(key);
    if (account) lastFound.set(socket, { key, account });
    return account;
  };

  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const startedAt = logRequests ? performance.now() : 0;
    const corsHeaders = corsOf(request);
    if (corsHeaders.preflight) {
      request.resume();
      response.writeHead(204, corsHeaders.preflight).end();
      if (logRequests) log(`${logTimestamp(new Date())} OPTIONS ${pathOf(request)} 204 (preflight)`);
      return;
    }
    let reply: Reply;
    try {
      reply = await respond(findAccount, request, threads.get(request.socket) ?? 'conn');
    } catch (error) {
      if (error instanceof HttpError) reply = { status: error.status, body: errorBody(error, scrub), headers: error.headers };
      else {
        log(
          `${logTimestamp(new Date())} internal error on ${request.method} ${pathOf(request)}: ${scrub((error as Error)?.stack ?? String(error))}`,
        );
        reply = { status: 500, body: { error: INTERNAL_ERROR } };
      }
    }
    try {
      send(response, reply, corsHeaders.answer);
      if (logRequests)
        log(
          `${logTimestamp(new Date())} ${request.method} ${pathOf(request)} ${reply.status ?? 200} ${Math.round(performance.now() - startedAt)}ms`,
        );
    } catch (error) {
      log(`${logTimestamp(new Date())} could not answer ${request.method} ${pathOf(request)}: ${scrub(String((error as Error)?.message))}`);
      response.destroy();
    }
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    answering.set(request.socket, response);
    void answer(request, response);
  });
  server.on('connection', (socket: Socket) => threads.set(socket, `conn${++connections}`));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable) return socket.destroy();
    // Bytes that follow a complete request without being announced (a GET body with no length) are no new
    // request: the request before them still gets its answer, then the connection closes.
    const inFlight = answering.get(socket);
    if (inFlight && !inFlight.closed && inFlight.req.complete) return void inFlight.once('close', () => socket.end());
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    const message = tooLarge ? `The request line and headers exceed ${MAX_HEADER_BYTES / 1024 / 1024} MB` : 'Malformed HTTP request';
    socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ error: message })}`);
  });
}

/** The CORS headers of each request; a preflight refused logs its origin once, which tells whoever runs the service the page's origin. */
function corsWithLog(cors: CorsPolicy, log: (line: string) => void): (request: IncomingMessage) => CorsHeaders {
  const refusedOrigins = new Set<string>();
  return (request) => {
    const headers = cors.headersFor(request.method, request.headers);
    const origin = headers.refusedOrigin;
    if (origin !== undefined && refusedOrigins.size < MAX_REFUSED_ORIGINS_LOGGED && !refusedOrigins.has(origin)) {
      refusedOrigins.add(origin);
      log(`a browser page of origin ${origin} asked to call the service; it is not allowed (--allow-origin)`);
    }
    return headers;
  };
}

/** One request's reply: its route, its account (every key it carries checked), its body, and the handler's answer. */
async function respond(
  findAccount: (socket: Socket, key: string) => Account | undefined,
  request: IncomingMessage,
  thread: string,
): Promise<Reply> {
  const target = parseRequestTarget(request.url);
  const matched = matchRoute(target.segments);
  if (!matched) throw new HttpError(404, `No such endpoint: ${displayPath(request.url)}`);
  const writes = request.method === 'POST' || request.method === 'PUT';
  const earlyBody = writes && keyMayBeInBody(target.query, request.headers) ? requireUtf8(await readBody(request)) : undefined;
  const key = requestKey(target.query, request.headers, earlyBody);
  const account = findAccount(request.socket, key);
  const contentType = request.headers['content-type'];
  if (!account) throw new HttpError(401, 'The API key is not valid for this service');
  // Every key the body carries is compared with the one authenticated, before anything else is answered.
  let body: Body = {};
  if (writes) body = requestMembers(target.query, contentType, earlyBody ?? requireUtf8(await readBody(request)), key);
  else if (hasFormBody(request.headers)) refuseOtherFormKey(contentType, requireUtf8(await readBody(request)), key);
  else request.resume();
  const handler = matched.route.methods[request.method as Method];
  if (!handler) {
    throw new HttpError(405, `${request.method} is not allowed on ${displayPath(request.url)}`, {
      Allow: Object.keys(matched.route.methods).join(', '),
    });
  }
  const context = { account, params: matched.params, query: target.query, body, thread, originalShape: asksOriginalShape(request.headers) };
  const scope = requestScope(matched.route.pattern, matched.params, request.method as Method, body, target.query);
  return withBudget(() =>
    trackOperation(
      context,
      request.method as Method,
      matched.route.pattern,
      () => account.store.serve(() => handler(context), request.method !== 'GET', scope),
      () => scope.loadMs ?? 0,
    ),
  );
}
