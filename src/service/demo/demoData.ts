import type { Doc } from '../bson/extendedJson';
import { ObjectId } from '../bson/objectId';
import type { Invoice, Mutation } from '../store/mutations';
import { SeededRandom } from './random';

/** How many documents each demo collection gets; tests rely on these counts. */
export const DEMO_COUNTS = { products: 1500, suppliers: 120, customers: 2000, orders: 3000, events: 2500 } as const;

const START = Date.UTC(2023, 0, 1);
const DAY = 24 * 60 * 60 * 1000;
const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Margaret',
  'Ken',
  'Radia',
  'Linus',
  'Frances',
  'John',
  'Hedy',
  'Tim',
  'Sophie',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Hamilton',
  'Thompson',
  'Perlman',
  'Torvalds',
  'Allen',
  'Backus',
  'Lamarr',
  'Berners-Lee',
  'Wilson',
];
const CITIES = [
  ['Lisbon', 'PT'],
  ['Berlin', 'DE'],
  ['Toronto', 'CA'],
  ['Osaka', 'JP'],
  ['Austin', 'US'],
  ['Nairobi', 'KE'],
  ['Lyon', 'FR'],
  ['Melbourne', 'AU'],
] as const;
const CATEGORIES = ['tools', 'garden', 'kitchen', 'toys', 'books', 'audio', 'sports'];
const ADJECTIVES = ['Compact', 'Sturdy', 'Vintage', 'Quiet', 'Bright', 'Modular', 'Foldable', 'Heavy-duty'];
const NOUNS = ['lamp', 'drill', 'kettle', 'rake', 'speaker', 'puzzle', 'notebook', 'racket', 'blender', 'tent'];
const TAGS = ['sale', 'new', 'eco', 'bestseller', 'gift', 'clearance', 'limited'];
const STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded'];
const EVENT_TYPES = ['page_view', 'click', 'signup', 'purchase', 'search', 'logout'];

function ids(random: SeededRandom, count: number): ObjectId[] {
  const unique = random.hex(10);
  return Array.from({ length: count }, (_, n) => ObjectId.fromParts(Math.floor((START + n * 3_600_000) / 1000), unique, n));
}

function suppliers(random: SeededRandom): Doc[] {
  return Array.from({ length: DEMO_COUNTS.suppliers }, (_, n) => {
    const [city, country] = random.pick(CITIES);
    return {
      _id: `sup-${String(n + 1).padStart(3, '0')}`,
      name: `${random.pick(LAST)} ${random.pick(['Supply', 'Trading', 'Works', 'Imports'])}`,
      city,
      country,
      contact: { email: `orders${n + 1}@supplier.example.com`, phone: `+1-555-${String(random.int(0, 9999)).padStart(4, '0')}` },
      since: new Date(START - random.int(30, 3000) * DAY),
      preferred: random.chance(0.3),
      rating: random.money(1, 5),
    };
  });
}

function products(random: SeededRandom): Doc[] {
  return ids(random, DEMO_COUNTS.products).map((_id, n) => {
    const doc: Doc = {
      _id,
      sku: `SKU-${String(n + 1).padStart(5, '0')}`,
      name: `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}`,
      category: random.pick(CATEGORIES),
      price: random.money(1, 500),
      stock: random.int(0, 250),
      active: random.chance(0.85),
      tags: Array.from({ length: random.int(0, 3) }, () => random.pick(TAGS)),
      dimensions: { w: random.int(5, 120), h: random.int(5, 120), d: random.int(1, 60), unit: 'cm' },
      supplier: `sup-${String(random.int(1, DEMO_COUNTS.suppliers)).padStart(3, '0')}`,
      createdAt: new Date(START + random.int(0, 700) * DAY + random.int(0, DAY)),
      ratings: Array.from({ length: random.int(0, 4) }, () => ({
        stars: random.int(1, 5),
        at: new Date(START + random.int(0, 700) * DAY),
      })),
    };
    if (random.chance(0.2)) doc.discount = { percent: random.int(5, 50), until: new Date(START + random.int(700, 900) * DAY) };
    return doc;
  });
}

function customers(random: SeededRandom, customerIds: ObjectId[]): Doc[] {
  return customerIds.map((_id, n) => {
    const first = random.pick(FIRST);
    const last = random.pick(LAST);
    const [city, country] = random.pick(CITIES);
    return {
      _id,
      name: { first, last },
      email: `${first}.${last}.${n + 1}@example.com`.toLowerCase(),
      address: {
        street: `${random.int(1, 999)} ${random.pick(['Main', 'High', 'Station', 'Park'])} St`,
        city,
        zip: String(random.int(10000, 99999)),
        country,
      },
      tags: Array.from({ length: random.int(0, 2) }, () => random.pick(['vip', 'newsletter', 'wholesale', 'b2b'])),
      signedUp: new Date(START + random.int(0, 700) * DAY),
      lifetimeValue: random.money(0, 5000),
      marketingOptIn: random.chance(0.5),
    };
  });
}

function orders(random: SeededRandom, customerIds: ObjectId[]): Doc[] {
  return ids(random, DEMO_COUNTS.orders).map((_id) => {
    const items = Array.from({ length: random.int(1, 5) }, () => ({
      sku: `SKU-${String(random.int(1, DEMO_COUNTS.products)).padStart(5, '0')}`,
      qty: random.int(1, 4),
      price: random.money(1, 300),
    }));
    const createdAt = new Date(START + random.int(0, 700) * DAY + random.int(0, DAY));
    const status = random.pick(STATUSES);
    const doc: Doc = {
      _id,
      customerId: random.pick(customerIds),
      items,
      total: Math.round(items.reduce((sum, item) => sum + item.qty * item.price, 0) * 100) / 100,
      status,
      createdAt,
      shippedAt: status === 'shipped' || status === 'delivered' ? new Date(createdAt.getTime() + random.int(1, 5) * DAY) : null,
    };
    if (random.chance(0.1)) doc.notes = random.pick(['Leave at the door', 'Gift wrap, please', 'Call before delivery']);
    return doc;
  });
}

function events(random: SeededRandom): Doc[] {
  return Array.from({ length: DEMO_COUNTS.events }, (_, n) => ({
    _id: n + 1,
    type: random.pick(EVENT_TYPES),
    at: new Date(START + 600 * DAY + n * 60_000 + random.int(0, 59_999)),
    user: `user-${random.int(1, 400)}`,
    durationMs: random.int(5, 15_000),
    props: { path: random.pick(['/', '/shop', '/cart', '/account', '/search']), mobile: random.chance(0.4), score: random.money(0, 1) },
  }));
}

const INVOICES: Invoice[] = [
  {
    id: 1001,
    amount: 65.0,
    balance: 0.0,
    bill_date: '2024-01-01',
    is_paid: true,
    items: [
      { description: 'Medium plan, December', amount: 50.0 },
      { description: 'Extra storage', amount: 15.0 },
    ],
  },
  {
    id: 1002,
    amount: 350.0,
    balance: 0.0,
    bill_date: '2024-02-01',
    is_paid: true,
    items: [
      { description: 'Medium plan, January', amount: 50.0 },
      { description: 'Dedicated Replica Set S, January', amount: 300.0 },
    ],
  },
  {
    id: 1003,
    amount: 350.0,
    balance: 0.0,
    bill_date: '2024-03-01',
    is_paid: true,
    items: [
      { description: 'Medium plan, February', amount: 50.0 },
      { description: 'Dedicated Replica Set S, February', amount: 300.0 },
    ],
  },
  {
    id: 1004,
    amount: 362.5,
    balance: 362.5,
    bill_date: '2024-04-01',
    is_paid: false,
    items: [
      { description: 'Medium plan, March', amount: 50.0 },
      { description: 'Dedicated Replica Set S, March', amount: 300.0 },
      { description: 'Backups', amount: 12.5 },
    ],
  },
];

function* collection(
  db: string,
  col: string,
  docs: Doc[],
  indexes: { key: Record<string, number>; unique?: boolean }[],
): Generator<Mutation[]> {
  yield [
    { op: 'createCollection', db, name: col },
    ...indexes.map(({ key, unique }): Mutation => ({
      op: 'createIndex',
      db,
      col,
      index: {
        name: Object.entries(key)
          .map(([field, direction]) => `${field}_${direction}`)
          .join('_'),
        key,
        background: true,
        ...(unique ? { unique: true } : {}),
      },
    })),
  ];
  for (let start = 0; start < docs.length; start += 500)
    yield docs.slice(start, start + 500).map((doc): Mutation => ({ op: 'put', db, col, doc }));
}

/**
 * The demo data of a new account: a sandbox database, one on a larger shared plan and one on a
 * dedicated replica set (so two deployments exist), several thousand varied documents, indexes
 * (unique ones among them) and invoices. Seeded, so every account gets exactly the same data.
 */
export function* demoMutations(): Generator<Mutation[]> {
  const random = new SeededRandom(20120613);
  const created = new Date(START).toISOString();
  const customerIds = ids(random, DEMO_COUNTS.customers);
  yield [
    { op: 'createDatabase', name: 'inventory', slug: 'sandbox', created },
    { op: 'createDatabase', name: 'shop', slug: 'medium', created },
    { op: 'createDatabase', name: 'metrics', slug: 'dedicated-small', created },
  ];
  yield* collection('inventory', 'products', products(random), [{ key: { sku: 1 }, unique: true }, { key: { category: 1, price: -1 } }]);
  yield* collection('inventory', 'suppliers', suppliers(random), []);
  yield* collection('shop', 'customers', customers(random, customerIds), [{ key: { email: 1 }, unique: true }]);
  yield* collection('shop', 'orders', orders(random, customerIds), [{ key: { customerId: 1 } }, { key: { createdAt: -1 } }]);
  yield* collection('metrics', 'events', events(random), [{ key: { type: 1, at: -1 } }]);
  yield [{ op: 'setInvoices', invoices: INVOICES }];
}
