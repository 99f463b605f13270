import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { InProcessService } from '../../../support/testService';
import { errorText, startServiceInProcess } from '../../../support/testService';
import { KEY_A, KEY_B } from './adversarialHarness';

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const JSON_TYPE = { 'Content-Type': 'application/json' };

/** Issue 22: every place a key can arrive is compared; two different keys are a 401 that names neither. */
describe('adversarial: a request carrying two different keys is refused, wherever they are', function () {
  this.timeout(60_000);
  let running: InProcessService;

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY_A, KEY_B], empty: true });
  });
  after(() => running?.stop());

  const databases = async (key: string): Promise<string[]> => {
    const answer = await running.raw('GET', '/databases', { key });
    assert.equal(answer.status, 200, answer.text);
    return (answer.json as { name: string }[]).map((database) => database.name);
  };

  /** fetch sends no body with a GET; node:http does. */
  function getWithBody(path: string, body: string): Promise<{ status: number; text: string; json: unknown }> {
    return new Promise((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: running.service.port,
          method: 'GET',
          path,
          headers: { ...FORM, 'Content-Length': Buffer.byteLength(body) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: response.statusCode ?? 0, text, json: JSON.parse(text) });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  function assertKeyConflict(answer: { status: number; text: string; json: unknown }, what: string): void {
    assert.equal(answer.status, 401, `${what}: ${answer.status} ${answer.text}`);
    const message = errorText(answer as never);
    assert.match(message, /different API keys/, what);
    for (const key of [KEY_A, KEY_B]) assert.ok(!answer.text.includes(key), `${what}: the answer names a key`);
  }

  for (const [queryKey, formKey] of [
    [KEY_A, KEY_B],
    [KEY_B, KEY_A],
  ]) {
    it(`POST /databases?_apikey=${queryKey === KEY_A ? 'KA' : 'KB'} with a form body _apikey=${formKey === KEY_A ? 'KA' : 'KB'} is 401 and creates nothing`, async () => {
      const answer = await running.raw('POST', '/databases', {
        key: queryKey,
        body: `_apikey=${encodeURIComponent(formKey)}&name=x&slug=micro`,
        headers: FORM,
      });
      assertKeyConflict(answer, 'query vs form');
      assert.deepEqual(await databases(KEY_A), []);
      assert.deepEqual(await databases(KEY_B), []);
    });
  }

  it('a form body labelled JSON (the nodejs client) and a JSON body with _apikey are compared too', async () => {
    const formAsJson = await running.raw('POST', '/databases', {
      key: KEY_A,
      body: `_apikey=${KEY_B}&name=y&slug=micro`,
      headers: JSON_TYPE,
    });
    assertKeyConflict(formAsJson, 'query vs form text labelled JSON');
    const json = await running.raw('POST', '/databases', {
      key: KEY_B,
      body: JSON.stringify({ _apikey: KEY_A, name: 'z', slug: 'micro' }),
      headers: JSON_TYPE,
    });
    assertKeyConflict(json, 'query vs JSON body');
    assert.deepEqual(await databases(KEY_A), []);
    assert.deepEqual(await databases(KEY_B), []);
  });

  it('the header against a form body, and the query string against itself (two _apikey values)', async () => {
    const header = await running.raw('POST', '/databases', {
      key: null,
      body: `_apikey=${KEY_B}&name=h&slug=micro`,
      headers: { ...FORM, 'MongoHQ-API-Token': KEY_A },
    });
    assertKeyConflict(header, 'header vs form');
    const twice = await running.raw('GET', `/databases?_apikey=${KEY_A}&_apikey=${KEY_B}`, { key: null });
    assertKeyConflict(twice, 'two query keys');
    const formTwice = await running.raw('POST', '/databases', {
      key: null,
      body: `_apikey=${KEY_A}&_apikey=${KEY_B}&name=t&slug=micro`,
      headers: FORM,
    });
    assertKeyConflict(formTwice, 'two form keys');
    assert.deepEqual(await databases(KEY_A), []);
  });

  for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
    it(`${method}: the query key against the header key, both ways, and against a form body`, async () => {
      const path =
        method === 'PUT' ? '/databases/nosuch/collections/c/documents' : method === 'DELETE' ? '/databases/nosuch' : '/databases';
      for (const [queryKey, headerKey] of [
        [KEY_A, KEY_B],
        [KEY_B, KEY_A],
      ]) {
        const answer = await running.raw(method, path, { key: queryKey, headers: { 'MongoHQ-API-Token': headerKey } });
        assertKeyConflict(answer, `${method} query vs header`);
        const body = `_apikey=${headerKey}&name=m&slug=micro`;
        const form =
          method === 'GET'
            ? await getWithBody(`${path}?_apikey=${queryKey}`, body)
            : await running.raw(method, path, { key: queryKey, body, headers: FORM });
        assertKeyConflict(form, `${method} query vs form`);
      }
      assert.deepEqual(await databases(KEY_A), []);
    });
  }

  it('the same key in every place is accepted', async () => {
    const answer = await running.raw('POST', '/databases', {
      key: KEY_A,
      body: `_apikey=${KEY_A}&name=same&slug=sandbox`,
      headers: { ...FORM, 'MongoHQ-API-Token': KEY_A },
    });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(await databases(KEY_A), ['same']);
    assert.deepEqual(await databases(KEY_B), []);
  });
});
