import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { parseCli, UsageError } from '../../../src/service/cli';
import type { ChildService, InProcessService } from '../../support/testService';
import { startServiceInChild, startServiceInProcess } from '../../support/testService';

const KEY = 'cors-key-0123456789abcdef';
const ALLOWED = 'https://vscode.dev';
const ALSO_ALLOWED = 'http://localhost:8080';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** One request with exactly these headers (Node's http sends an Origin as given, as a hostile client could). */
function send(url: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(new URL(path, url), { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Waits until the child has printed `text` (its output arrives through a pipe, after its answer may have). */
async function waitForOutput(child: ChildService, text: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!child.output().includes(text)) {
    if (Date.now() > deadline) assert.fail(`the service did not print ${text}:\n${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const corsHeaderNames = (answer: Answer) => Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'));

/** What a browser sends before a request with the key header and a JSON body. */
const preflightFrom = (origin: string, method = 'PUT') => ({
  Origin: origin,
  'Access-Control-Request-Method': method,
  'Access-Control-Request-Headers': 'content-type,mongohq-api-token',
});

function assertNoKeyInHeaders(answer: Answer): void {
  for (const [name, value] of Object.entries(answer.headers)) {
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    assert.ok(!text.includes(KEY) && !text.includes(encodeURIComponent(KEY)), `the key is in the ${name} header`);
  }
}

describe('local service: --allow-origin (browser pages of chosen origins)', function () {
  this.timeout(30_000);
  let running: InProcessService;
  const logged: string[] = [];
  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY], allowOrigins: [ALLOWED, ALSO_ALLOWED], log: (line) => logged.push(line) });
  });
  after(async () => running.stop());

  describe('an allowed origin', () => {
    it('gets its own origin back on an answer read with the key in the header, and may read the count header', async () => {
      const answer = await send(running.url, 'GET', '/databases/inventory/collections/products/documents?limit=1', {
        Origin: ALLOWED,
        'MongoHQ-API-Token': KEY,
        Accept: 'application/json',
      });
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['access-control-allow-origin'], ALLOWED);
      assert.match(String(answer.headers['access-control-expose-headers']), /X-Service-Count/);
      assert.match(String(answer.headers.vary), /Origin/);
      assert.equal(answer.headers['access-control-allow-credentials'], undefined);
      assertNoKeyInHeaders(answer);
    });

    it('answers a preflight for the methods and headers the extension sends, without a key and before any route', async () => {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        const answer = await send(
          running.url,
          'OPTIONS',
          '/databases/inventory/collections/products/documents/x',
          preflightFrom(ALSO_ALLOWED, method),
        );
        assert.equal(answer.status, 204, method);
        assert.equal(answer.text, '');
        assert.equal(answer.headers['access-control-allow-origin'], ALSO_ALLOWED);
        const methods = String(answer.headers['access-control-allow-methods']).split(/,\s*/);
        assert.ok(methods.includes(method), `${method} not in ${methods.join(', ')}`);
        const allowedHeaders = String(answer.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
        for (const header of ['content-type', 'mongohq-api-token', 'accept']) assert.ok(allowedHeaders.includes(header), header);
      }
    });

    it('is told a private-network request is allowed when Chrome asks (vscode.dev reaching 127.0.0.1)', async () => {
      const answer = await send(running.url, 'OPTIONS', '/databases', {
        ...preflightFrom(ALLOWED, 'GET'),
        'Access-Control-Request-Private-Network': 'true',
      });
      assert.equal(answer.status, 204);
      assert.equal(answer.headers['access-control-allow-private-network'], 'true');
    });

    it('can read why a request failed: errors carry the CORS headers too, and still need the key', async () => {
      const noKey = await send(running.url, 'GET', '/databases', { Origin: ALLOWED });
      assert.equal(noKey.status, 401);
      assert.equal(noKey.headers['access-control-allow-origin'], ALLOWED);
      const wrongKey = await send(running.url, 'DELETE', '/databases/inventory', { Origin: ALLOWED, 'MongoHQ-API-Token': 'not-the-key' });
      assert.equal(wrongKey.status, 401);
      assert.equal(wrongKey.headers['access-control-allow-origin'], ALLOWED);
      const missing = await send(running.url, 'GET', '/no/such/endpoint', { Origin: ALLOWED, 'MongoHQ-API-Token': KEY });
      assert.equal(missing.status, 404);
      assert.equal(missing.headers['access-control-allow-origin'], ALLOWED);
      assert.match(JSON.parse(missing.text).error, /No such endpoint/);
    });

    it('writes with a JSON body and the key in the header, and never echoes the key in any header', async () => {
      const created = await send(
        running.url,
        'POST',
        '/databases/inventory/collections/cors_notes/documents',
        { Origin: ALLOWED, 'MongoHQ-API-Token': KEY, 'Content-Type': 'application/json' },
        JSON.stringify({ document: { _id: 'n1', text: 'from a browser' }, safe: true }),
      );
      assert.equal(created.status, 200, created.text);
      assert.equal(created.headers['access-control-allow-origin'], ALLOWED);
      assertNoKeyInHeaders(created);
      const read = await running.client().getDocument('inventory', 'cors_notes', 'n1');
      assert.equal(read.document.text, 'from a browser');
    });
  });

  describe('any other origin gets no CORS header at all', () => {
    const others = [
      'https://evil.example',
      'null',
      'https://VSCODE.dev',
      'https://vscode.dev/',
      'https://vscode.dev:443',
      'https://vscode.dev.evil.example',
      'https://evil.example/https://vscode.dev',
      'https://vscode%2Edev',
      'https://vscode.dev%00',
      'http://vscode.dev',
      'https://vscode.dev, https://evil.example',
      'https://user@vscode.dev',
      '',
    ];

    it('on a request with the key', async () => {
      for (const origin of others) {
        const answer = await send(running.url, 'GET', '/databases', { Origin: origin, 'MongoHQ-API-Token': KEY });
        assert.equal(answer.status, 200, origin);
        assert.deepEqual(corsHeaderNames(answer), [], `origin ${JSON.stringify(origin)}`);
        assertNoKeyInHeaders(answer);
      }
    });

    it('on a preflight, which is then an ordinary request without a key', async () => {
      for (const origin of others) {
        const answer = await send(running.url, 'OPTIONS', '/databases', preflightFrom(origin));
        assert.equal(answer.status, 401, origin);
        assert.deepEqual(corsHeaderNames(answer), [], `origin ${JSON.stringify(origin)}`);
      }
    });

    it('a refused preflight logs its origin once, so whoever runs the service learns the page’s origin', async () => {
      const origin = 'https://abc123.vscode-cdn.example';
      for (let i = 0; i < 3; i++) await send(running.url, 'OPTIONS', '/databases', preflightFrom(origin));
      const lines = logged.filter((line) => line.includes(origin));
      assert.equal(lines.length, 1, lines.join('\n'));
      assert.match(lines[0], /not allowed \(--allow-origin\)/);
      assert.ok(logged.every((line) => !line.includes(KEY)));
    });

    it('on a request without an Origin (not a browser page): as before, only Vary', async () => {
      const answer = await send(running.url, 'GET', '/databases', { 'MongoHQ-API-Token': KEY });
      assert.equal(answer.status, 200);
      assert.deepEqual(corsHeaderNames(answer), []);
      assert.equal(answer.headers.vary, 'Origin');
    });
  });

  describe('a wildcard for the first label, as vscode.dev’s extension frames need (https://*.vscode-cdn.net)', () => {
    let wild: InProcessService;
    before(async () => {
      wild = await startServiceInProcess({ apiKeys: [KEY], allowOrigins: ['https://*.Vscode-Cdn.net'] });
    });
    after(async () => wild.stop());

    it('allows one DNS label in place of the *, and nothing else', async () => {
      for (const origin of ['https://0c3f9a7e-1b2d.vscode-cdn.net', 'https://abc.vscode-cdn.net']) {
        const answer = await send(wild.url, 'OPTIONS', '/databases', preflightFrom(origin));
        assert.equal(answer.status, 204, origin);
        assert.equal(answer.headers['access-control-allow-origin'], origin);
      }
      const refused = [
        'https://vscode-cdn.net',
        'https://a.b.vscode-cdn.net',
        'http://abc.vscode-cdn.net',
        'https://abc.vscode-cdn.net:8443',
        'https://abc.vscode-cdn.net.evil.example',
        'https://abcvscode-cdn.net',
        'https://-abc.vscode-cdn.net',
        'https://ABC.vscode-cdn.net',
        'https://abc%2Eevil.vscode-cdn.net',
        'null',
      ];
      for (const origin of refused) {
        const answer = await send(wild.url, 'GET', '/databases', { Origin: origin, 'MongoHQ-API-Token': KEY });
        assert.deepEqual(corsHeaderNames(answer), [], `origin ${origin}`);
      }
    });
  });

  describe('without --allow-origin nothing changes', () => {
    let plain: ChildService;
    before(async () => {
      plain = await startServiceInChild({ apiKeys: [KEY] });
    });
    after(async () => plain.stop());

    it('sends no CORS header (nor Vary) to any origin, and a preflight is an ordinary request', async () => {
      const answer = await send(plain.url, 'GET', '/databases', { Origin: ALLOWED, 'MongoHQ-API-Token': KEY });
      assert.equal(answer.status, 200);
      assert.deepEqual(corsHeaderNames(answer), []);
      assert.equal(answer.headers.vary, undefined);
      const preflight = await send(plain.url, 'OPTIONS', '/databases', preflightFrom(ALLOWED));
      assert.equal(preflight.status, 401);
      assert.deepEqual(corsHeaderNames(preflight), []);
      // Only its log says that a page asked, and with which origin: what to pass to --allow-origin.
      await waitForOutput(plain, `origin "${ALLOWED}" asked to call the service; it is not allowed (--allow-origin)`);
    });
  });

  describe('the command line', () => {
    it('npm run service -- --allow-origin serves that origin (a child process)', async () => {
      const child = await startServiceInChild({ apiKeys: [KEY], allowOrigins: [ALLOWED] });
      try {
        const answer = await send(child.url, 'OPTIONS', '/databases', preflightFrom(ALLOWED, 'GET'));
        assert.equal(answer.status, 204);
        assert.equal(answer.headers['access-control-allow-origin'], ALLOWED);
        assert.equal((await send(child.url, 'OPTIONS', '/databases', preflightFrom(ALSO_ALLOWED))).status, 401);
      } finally {
        await child.stop();
      }
    });

    it('keeps a wildcard origin lowercase, as browsers send origins', () => {
      assert.deepEqual(parseCli(['--allow-origin', 'HTTPS://*.Vscode-Cdn.NET'], {}).allowOrigins, ['https://*.vscode-cdn.net']);
    });

    it('refuses what cannot be an origin, saying why, so that a typo never silently matches nothing', () => {
      const refused: Array<[string, RegExp]> = [
        ['*', /name each one/],
        ['null', /"null" origin/],
        ['vscode.dev', /scheme and host/],
        ['https://vscode.dev/', /no path/],
        ['https://vscode.dev/workspace', /no path/],
        ['https://vscode.dev?x=1', /no path/],
        ['ftp://vscode.dev', /only http and https/],
        ['https://me:pw@vscode.dev', /no user name/],
        ['https://*.net', /at least two labels/],
        ['https://*.127.0.0.1', /at least two labels/],
        ['https://a.*.vscode-cdn.net', /first label/],
        ['https://*', /first label/],
        ['https://*.vscode-cdn.net/', /no path/],
      ];
      for (const [origin, why] of refused) {
        assert.throws(
          () => parseCli(['--allow-origin', origin], {}),
          (error: unknown) => error instanceof UsageError && why.test(error.message),
          origin,
        );
      }
    });
  });
});
