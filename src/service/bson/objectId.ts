import { randomBytes } from 'node:crypto';

const HEX24 = /^[0-9a-fA-F]{24}$/;
const processUnique = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

/**
 * The database's object identifier: 4 bytes of seconds since the epoch, 5 bytes unique to the
 * process, a 3-byte counter. mingo compares instances through `toString`, so equality and sorting
 * in queries work on the hex text.
 */
export class ObjectId {
  readonly hex: string;

  constructor(hex: string) {
    if (!ObjectId.isValid(hex)) throw new TypeError('An object id is 24 hexadecimal characters');
    this.hex = hex.toLowerCase();
  }

  static isValid(hex: string): boolean {
    return HEX24.test(hex);
  }

  static generate(seconds = Math.floor(Date.now() / 1000)): ObjectId {
    counter = (counter + 1) % 0x1000000;
    return ObjectId.fromParts(seconds, processUnique, counter);
  }

  static fromParts(seconds: number, uniqueHex10: string, count: number): ObjectId {
    const time = (seconds >>> 0).toString(16).padStart(8, '0');
    return new ObjectId(time + uniqueHex10 + count.toString(16).padStart(6, '0'));
  }

  toString(): string {
    return this.hex;
  }

  toJSON(): { $oid: string } {
    return { $oid: this.hex };
  }
}
