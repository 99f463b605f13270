import * as assert from 'node:assert/strict';
import { completionsAt } from '../../../../src/core/playground/completionItems';
import type { CompletionData } from '../../../../src/core/playground/completionItems';
import { fieldReferenceAt, fieldReferences, placeAt } from '../../../../src/core/playground/completionPlace';
import { inferSchema } from '../../../support/inferSchema';

const schema = inferSchema([
  { _id: 1, price: 10, status: 'open', address: { city: 'Oslo' }, items: [{ sku: 'a', qty: 1 }] },
  { _id: 2, price: '12', status: 'done', items: [] },
]);
const data: CompletionData = { schema, databases: ['shop', 'crm'], collections: ['orders', 'customers'] };

/** The completions at `|` in the text. */
function at(textWithCursor: string, given: CompletionData = data) {
  const offset = textWithCursor.indexOf('|');
  const text = textWithCursor.replace('|', '');
  const place = placeAt(text, offset);
  return { place, items: place ? completionsAt(place, given) : [], text };
}
const labels = (textWithCursor: string) => at(textWithCursor).items.map((item) => item.label);
const FIELDS = ['_id', 'price', 'status', 'address', 'address.city', 'items', 'items.sku', 'items.qty'];

describe('playground completion', () => {
  it('offers the sampled field paths and logical operators as keys of q', () => {
    assert.deepEqual(labels('{"database": "shop", "collection": "orders", "q": {|}}'), [...FIELDS, '$and', '$or', '$nor']);
  });

  it('knows the query of a file holding an array of them', () => {
    const { place } = at('[{"database": "a", "collection": "b"}, {"database": "shop", "collection": "orders", "q": {|}}]');
    assert.deepEqual(place?.target, { database: 'shop', collection: 'orders' });
  });

  it('offers fields inside $and, $or and $nor, and in update.criteria', () => {
    for (const text of [
      '{"q": {"$and": [{|}]}}',
      '{"q": {"$or": [{"a": 1}, {|}]}}',
      '{"q": {"$nor": [{"$and": [{|}]}]}}',
      '{"update": {"criteria": {|}}}',
    ]) {
      assert.deepEqual(labels(text).slice(0, FIELDS.length), FIELDS, text);
    }
  });

  it("offers value operators with a line of documentation inside a field's condition", () => {
    const { items } = at('{"q": {"price": {|}}}');
    assert.ok(items.some((item) => item.label === '$gt' && item.detail === 'Greater than the value'));
    assert.ok(items.some((item) => item.label === '$elemMatch'));
    assert.ok(!items.some((item) => item.kind === 'field'));
    assert.ok(labels('{"q": {"price": {"$not": {|}}}}').includes('$lt'));
  });

  it('offers the fields of the array elements, relative to the array, inside $elemMatch', () => {
    const names = labels('{"q": {"items": {"$elemMatch": {|}}}}');
    assert.deepEqual(
      names.filter((name) => !name.startsWith('$')),
      ['sku', 'qty'],
    );
    assert.ok(names.includes('$gte'), 'elements may be plain values too');
    assert.deepEqual(labels('{"q": {"items": {"$elemMatch": {"qty": {|}}}}}').includes('$gt'), true);
  });

  it('offers field paths for fields (object and array form), sort, and inside update operators', () => {
    for (const text of [
      '{"fields": {|}}',
      '{"fields": ["|"]}',
      '{"sort": {|}}',
      '{"update": {"object": {"$set": {|}}}}',
      '{"update": {"object": {"$inc": {"price": 1, |}}}}',
    ]) {
      assert.deepEqual(labels(text), FIELDS, text);
    }
  });

  it('offers update operators as keys of update.object', () => {
    const { items } = at('{"update": {"object": {|}}}');
    assert.deepEqual(
      items.slice(0, 3).map((item) => item.label),
      ['$set', '$unset', '$inc'],
    );
    assert.match(items[0]?.detail ?? '', /Sets each field/);
  });

  it('offers the databases and the collections of the named database as values', () => {
    assert.deepEqual(labels('{"database": "|"}'), ['shop', 'crm']);
    const { place, items } = at('{"database": "shop", "collection": |}');
    assert.deepEqual(place?.place, { kind: 'collection', database: 'shop' });
    assert.deepEqual(
      items.map((item) => item.label),
      ['orders', 'customers'],
    );
  });

  it('shows the types of each field beside it', () => {
    const price = at('{"q": {|}}').items.find((item) => item.label === 'price');
    assert.equal(price?.detail, 'number 50% · string 50%');
    assert.match(price?.documentation ?? '', /in 100% of 2 sampled documents/);
  });

  it('replaces the whole string being typed, quotes included, and filters on it', () => {
    const { items, text } = at('{"q": {"pr|"}}');
    const price = items.find((item) => item.label === 'price');
    assert.ok(price);
    assert.equal(text.slice(price.range.offset, price.range.offset + price.range.length), '"pr"');
    assert.equal(price.insertText, '"price"');
    assert.equal(price.filterText, '"price"');
  });

  it('replaces a bare word up to the cursor, and an unclosed string only up to the cursor', () => {
    const bare = at('{"q": {pri|}}');
    assert.equal(
      bare.items[0] && bare.text.slice(bare.items[0].range.offset, bare.items[0].range.offset + bare.items[0].range.length),
      'pri',
    );
    assert.equal(bare.items[0]?.filterText, '_id');
    const open = at('{"q": {"pri|\n}}');
    const item = open.items[0];
    assert.equal(item && open.text.slice(item.range.offset, item.range.offset + item.range.length), '"pri');
  });

  it('offers nothing at a position that takes no field, and no fields without a schema', () => {
    assert.equal(at('{"limit": |}').place, undefined);
    assert.equal(at('{"q": {"price": [|]}}').place, undefined);
    assert.deepEqual(
      at('{"q": {|}}', {}).items.map((item) => item.label),
      ['$and', '$or', '$nor'],
    );
  });
});

describe('playground field references', () => {
  const text = `[{"database": "shop", "collection": "orders",
    "q": {"price": {"$gt": 1}, "$or": [{"status": "open"}, {"items": {"$elemMatch": {"sku": "a"}}}], "addr.city": {"$not": {"$eq": 1}}},
    "fields": ["status", "pirce"], "sort": {"_id": -1}},
   {"database": "shop", "collection": "orders", "update": {"criteria": {"status": "open"}, "object": {"$set": {"items.$.qty": 2}, "$inc": {"price": 1}}}}]`;

  it('finds every field name a query uses, with its place and its query', () => {
    const references = fieldReferences(text);
    assert.deepEqual(
      references.map((reference) => reference.path),
      ['price', 'status', 'items', 'items.sku', 'addr.city', 'status', 'pirce', '_id', 'status', 'items.$.qty', 'price'],
    );
    const pirce = references.find((reference) => reference.path === 'pirce');
    assert.ok(pirce);
    assert.equal(text.slice(pirce.range.offset, pirce.range.offset + pirce.range.length), '"pirce"');
    assert.deepEqual(pirce.target, { database: 'shop', collection: 'orders' });
  });

  it('finds the field under the cursor', () => {
    assert.equal(fieldReferenceAt(text, text.indexOf('"sku"') + 2)?.path, 'items.sku');
    assert.equal(fieldReferenceAt(text, text.indexOf('$gt') + 1), undefined);
  });
});
