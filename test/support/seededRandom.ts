/** A small seeded PRNG (mulberry32): the same seed gives the same sequence on every machine. */
export class SeededRandom {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** In [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
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
