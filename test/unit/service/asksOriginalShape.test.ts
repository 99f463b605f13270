import assert from 'node:assert/strict';
import { asksOriginalShape } from '../../../src/service/http/legacyTransport';

describe('local service: which requests get the original shape of an answer', () => {
  it("is the original clients' form when the request does not ask for JSON (no Accept, any type, another type)", () => {
    assert.equal(asksOriginalShape({}), true);
    assert.equal(asksOriginalShape({ accept: '*/*' }), true);
    assert.equal(asksOriginalShape({ accept: 'text/html, application/xml;q=0.9' }), true);
    assert.equal(asksOriginalShape({ accept: 'application/json;q=0' }), true, 'JSON refused by q=0');
    assert.equal(asksOriginalShape({ accept: 'application/json5' }), true);
  });

  it("is the interface's form when the request asks for JSON, among other types or with a quality", () => {
    assert.equal(asksOriginalShape({ accept: 'application/json' }), false);
    assert.equal(asksOriginalShape({ accept: 'text/plain, Application/JSON; q=0.5' }), false);
    assert.equal(asksOriginalShape({ accept: 'application/json;q=0.01' }), false);
  });
});
