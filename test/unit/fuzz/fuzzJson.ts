import type { SeededRandom } from '../../support/seededRandom';
import { INVALID_JSON, KEYS, KNOWN_NAMES, NAME_ALPHABET, NUMBERS, STRINGS, WEIRD_NAMES } from './fuzzVocabulary';

/** Builds request bodies and JSON values: the members the endpoints read with right and wrong types, deep, huge and broken JSON. */
export class FuzzJson {
  constructor(private readonly random: SeededRandom) {}

  /** A body: mostly the members an endpoint reads, with right and wrong types. */
  body(): Buffer {
    const r = this.random;
    const text = r.weighted([
      [25, () => `{"document": ${this.document()}${this.optional('safe')}}`],
      [10, () => `{"name": ${this.nameValue()}${r.chance(0.7) ? `, "slug": ${this.nameValue()}` : ''}}`],
      [
        15,
        () =>
          `{"criteria": ${this.json(3)}, "object": ${this.document()}${this.optional('upsert')}${this.optional('multi')}${this.optional('safe')}}`,
      ],
      [
        12,
        () =>
          `{"spec": ${this.indexSpec()}${this.optional('unique')}${this.optional('drop_dups')}${this.optional('background')}${r.chance(0.2) ? `, "min": ${r.pick(NUMBERS)}, "max": ${r.pick(NUMBERS)}` : ''}}`,
      ],
      [12, () => this.json(r.int(0, 5))],
      [14, () => r.pick(INVALID_JSON)],
      [6, () => `{"document": ${this.deepJson(r.int(50, 20000))}}`],
      [3, () => ''],
      [3, () => r.text(r.int(1, 200), NAME_ALPHABET)],
    ] as const)();
    if (r.chance(0.02)) return Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from([0xff, 0xfe, 0xc0, 0x80])]);
    return Buffer.from(text, 'utf8');
  }

  private optional(member: string): string {
    const r = this.random;
    if (!r.chance(0.5)) return '';
    return `, "${member}": ${r.pick(['true', 'false', 'null', '1', '"yes"', '{}', '[]'])}`;
  }

  private nameValue(): string {
    const r = this.random;
    return r.weighted([
      [50, () => JSON.stringify(r.pick([...KNOWN_NAMES, ...WEIRD_NAMES, 'sandbox', 'medium', 'dedicated-small', 'nope']))],
      [20, () => JSON.stringify(r.text(r.int(0, 80), NAME_ALPHABET))],
      [30, () => this.json(2)],
    ] as const)();
  }

  private indexSpec(): string {
    const r = this.random;
    if (r.chance(0.3)) return this.json(2);
    const fields = Array.from(
      { length: r.int(0, 4) },
      () =>
        `"${r.pick(['a', 'b', 'name', 'n', 'x.y', '_id', '$a', '', 'loc'])}": ${r.pick(['1', '-1', '"2d"', '"2dsphere"', '"text"', '"hashed"', '0', '"x"', 'true', 'null', '{}'])}`,
    );
    return `{${fields.join(', ')}}`;
  }

  /** A document or an update with operators. */
  private document(): string {
    const r = this.random;
    if (r.chance(0.35)) {
      const operator = r.pick([
        '$set',
        '$unset',
        '$inc',
        '$push',
        '$pull',
        '$addToSet',
        '$rename',
        '$min',
        '$max',
        '$mul',
        '$pop',
        '$bit',
        '$currentDate',
        '$setOnInsert',
        '$foo',
      ]);
      return `{"${operator}": ${this.json(3)}${r.chance(0.2) ? `, "plain": 1` : ''}}`;
    }
    return this.json(r.int(1, 5), true);
  }

  /** Random JSON text, with big and odd numbers, operator keys, duplicate keys and odd strings. */
  json(depth: number, object = false): string {
    const r = this.random;
    const kind = object
      ? 'object'
      : depth <= 0
        ? r.pick(['null', 'bool', 'number', 'string'] as const)
        : r.pick(['null', 'bool', 'number', 'string', 'array', 'object', 'object'] as const);
    switch (kind) {
      case 'null':
        return 'null';
      case 'bool':
        return r.chance(0.5) ? 'true' : 'false';
      case 'number':
        return r.chance(0.5) ? r.pick(NUMBERS) : String(r.int(-1000, 1000));
      case 'string':
        return JSON.stringify(r.chance(0.6) ? r.pick(STRINGS) : r.text(r.int(0, 30), NAME_ALPHABET));
      case 'array':
        return `[${Array.from({ length: r.int(0, 5) }, () => this.json(depth - 1)).join(', ')}]`;
      case 'object': {
        const members = Array.from({ length: r.int(0, 5) }, () => `${JSON.stringify(r.pick(KEYS))}: ${this.json(depth - 1)}`);
        if (r.chance(0.1) && members.length > 0) members.push(members[0]);
        return `{${members.join(', ')}}`;
      }
    }
  }

  deepJson(depth: number): string {
    const r = this.random;
    if (r.chance(0.5)) return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    const key = r.pick(['a', '$set', '$and', '$elemMatch']);
    return `${`{"${key}": `.repeat(depth)}1${'}'.repeat(depth)}`;
  }

  hugeBody(): string {
    const r = this.random;
    const size = r.int(512 * 1024, 3 * 1024 * 1024);
    return r.weighted([
      [40, () => `{"document": {"big": "${'x'.repeat(size)}"}}`],
      [30, () => `{"document": {${Array.from({ length: Math.floor(size / 16) }, (_, i) => `"k${i}": ${i}`).join(', ')}}}`],
      [20, () => `{"document": {"list": [${Array.from({ length: Math.floor(size / 4) }, () => '1').join(',')}]}}`],
      [10, () => `{"document": {"big": "${'x'.repeat(size)}`],
    ] as const)();
  }
}
