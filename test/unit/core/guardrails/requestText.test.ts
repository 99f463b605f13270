import * as assert from 'node:assert/strict';
import { LosslessNumber } from '../../../../src/core/json/lossless';
import { accountTitle, hasGuardrails, isWriteMethod, modeLabel } from '../../../../src/core/guardrails/accountGuardrails';
import { loosensToNormal, tagBadge, tagProblem } from '../../../../src/core/guardrails/accountSettingsChoices';
import { affectedTarget, affectedText, confirmationTitle, refusalText, requestText } from '../../../../src/core/guardrails/requestText';

describe('Guardrails: mode rules', () => {
  it('counts everything but GET and HEAD as a write', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'put']) assert.equal(isWriteMethod(method), true, method);
    for (const method of ['GET', 'HEAD', 'get']) assert.equal(isWriteMethod(method), false, method);
  });

  it('asks only when leaving Read-only for Normal', () => {
    assert.equal(loosensToNormal('readOnly', 'normal'), true);
    assert.equal(loosensToNormal('readOnly', 'confirm'), false);
    assert.equal(loosensToNormal('confirm', 'normal'), false);
    assert.equal(loosensToNormal('normal', 'readOnly'), false);
  });

  it('treats an account without settings as Normal, without look', () => {
    assert.equal(hasGuardrails({}), false);
    assert.equal(hasGuardrails({ mode: 'normal' }), false);
    assert.equal(hasGuardrails({ tag: 'production' }), true);
    assert.equal(hasGuardrails({ color: 'charts.red' }), true);
    assert.equal(hasGuardrails({ mode: 'readOnly' }), true);
    assert.equal(modeLabel('readOnly'), 'Read-only');
  });

  it('keeps tags short and on one line, and badges them with two letters', () => {
    assert.equal(tagProblem('production'), undefined);
    assert.match(tagProblem('x'.repeat(25)) ?? '', /at most 24/);
    assert.match(tagProblem('a\tb') ?? '', /one line/);
    assert.equal(tagBadge(' production'), 'PR');
    assert.equal(tagBadge('ü'), 'Ü');
    assert.equal(accountTitle('Shop', 'production'), 'Shop [production]');
    assert.equal(accountTitle('Shop', undefined), 'Shop');
  });
});

describe('Guardrails: request description', () => {
  const bulk = {
    method: 'PUT',
    path: '/databases/shop/collections/or%2Fders/documents',
    body: {
      criteria: { status: 'draft' },
      object: { $set: { total: new LosslessNumber('9007199254740993') } },
      multi: true,
      upsert: false,
      safe: true,
    },
  };

  it('shows the request line and the body exactly as sent, numbers kept', () => {
    assert.equal(
      requestText(bulk),
      'PUT /databases/shop/collections/or%2Fders/documents\n{"criteria":{"status":"draft"},"object":{"$set":{"total":9007199254740993}},"multi":true,"upsert":false,"safe":true}',
    );
    assert.equal(
      requestText({ method: 'DELETE', path: '/databases/shop', query: [['force', 'a b']] }),
      'DELETE /databases/shop?force=a%20b',
    );
  });

  it('tells what a write affects, with the count the service gave', () => {
    const target = affectedTarget(bulk);
    assert.deepEqual(target, { kind: 'matching', db: 'shop', col: 'or/ders', criteria: { status: 'draft' }, multi: true, upsert: false });
    assert.equal(affectedText(target, 3), 'Affects: 3 documents match in shop.or/ders; all are updated.');
    assert.equal(
      affectedText({ ...target!, multi: false } as typeof target, 1234),
      'Affects: 1,234 documents match in shop.or/ders; only the first is updated (multi: false).',
    );
    assert.equal(affectedText(target, 0), 'Affects: no document matches in shop.or/ders.');
    assert.match(affectedText(target, undefined), /did not say how many/);
    assert.equal(
      affectedText(affectedTarget({ method: 'DELETE', path: '/databases/shop/collections/orders' }), 521),
      'Affects: the collection shop.orders and its 521 documents.',
    );
    assert.equal(
      affectedText(affectedTarget({ method: 'DELETE', path: '/databases/shop' }), 1),
      'Affects: the database shop and its 1 collection.',
    );
    assert.equal(
      affectedText(affectedTarget({ method: 'PUT', path: '/databases/shop/collections/orders/documents/42', body: {} }), undefined),
      'Affects: the document "42" in shop.orders.',
    );
    const numberPath = `/databases/shop/collections/orders/documents/${encodeURIComponent('{"$numberLong":"42"}')}`;
    assert.equal(
      affectedText(affectedTarget({ method: 'DELETE', path: numberPath }), undefined),
      'Affects: the document 42 in shop.orders.',
    );
    const oidPath = `/databases/shop/collections/orders/documents/${encodeURIComponent('{"$oid":"4ffde1398c1a4b6d6c000001"}')}`;
    assert.equal(
      affectedText(affectedTarget({ method: 'DELETE', path: oidPath }), undefined),
      'Affects: the document 4ffde1398c1a4b6d6c000001 in shop.orders.',
    );
    assert.equal(affectedTarget({ method: 'POST', path: '/databases' }), undefined);
    const out = affectedTarget({
      method: 'POST',
      path: '/databases/shop/collections/orders/aggregate',
      body: { pipeline: [{ $out: 'summary' }] },
    });
    assert.equal(
      affectedText(out, 12),
      'Affects: the collection shop.summary (it holds 12 documents now): replaced by the results of the pipeline on shop.orders; what it holds now is lost.',
    );
    const merge = {
      method: 'POST',
      path: '/databases/shop/collections/orders/aggregate',
      body: { pipeline: [{ $merge: { into: 'totals' } }] },
    };
    assert.match(affectedText(affectedTarget(merge), undefined), /^Affects: the collection shop\.totals: the results merged into it/);
    assert.equal(
      affectedTarget({ method: 'POST', path: '/databases/shop/collections/orders/aggregate', body: { pipeline: [] } }),
      undefined,
    );
    assert.equal(affectedTarget({ method: 'PUT', path: '/databases/shop/collections/orders' }), undefined);
  });

  it('names the account, its tag and mode when refusing, and the tag in the confirmation title', () => {
    assert.equal(
      refusalText('Shop', 'production', 'readOnly', { method: 'DELETE', path: '/databases/shop' }),
      'The account "Shop [production]" is Read-only: DELETE /databases/shop was not sent. Change its mode with "Account Settings…" on the account.',
    );
    assert.equal(confirmationTitle('Shop', 'production', bulk), '[PRODUCTION] Send this PUT to "Shop"?');
    assert.equal(confirmationTitle('Shop', undefined, bulk), 'Send this PUT to "Shop"?');
  });
});
