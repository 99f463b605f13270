import { SeededRandom as DemoRandom } from '../../src/service/demo/random';

/** The service's seeded PRNG (mulberry32), with the seed it started from and the draws the tests need. */
export class SeededRandom extends DemoRandom {
  constructor(readonly seed: number) {
    super(seed);
  }

  /** Picks by weight: `[[weight, value], …]`. */
  weighted<T>(choices: ReadonlyArray<readonly [number, T]>): T {
    const total = choices.reduce((sum, [weight]) => sum + weight, 0);
    let point = this.next() * total;
    for (const [weight, value] of choices) {
      point -= weight;
      if (point < 0) return value;
    }
    return choices[choices.length - 1][1];
  }

  /** `length` characters drawn from `alphabet` (a string, or an array of code points as strings). */
  text(length: number, alphabet: string | readonly string[]): string {
    const letters = typeof alphabet === 'string' ? [...alphabet] : alphabet;
    let out = '';
    for (let i = 0; i < length; i++) out += this.pick(letters);
    return out;
  }
}

/** A seed from the environment variable `name` (a number, or `random`), else `fallback`. */
export function seedFromEnvironment(name: string, fallback: number): number {
  const text = process.env[name];
  if (!text) return fallback;
  if (text === 'random') return Math.floor(Math.random() * 2 ** 32);
  const seed = Number(text);
  if (!Number.isInteger(seed)) throw new Error(`${name} must be an integer or "random", not ${text}`);
  return seed >>> 0;
}
