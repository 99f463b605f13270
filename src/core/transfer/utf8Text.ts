/**
 * Bytes read as UTF-8 text a chunk at a time, never replacing what is not UTF-8: each invalid sequence
 * becomes {@link NOT_UTF8}, a lone surrogate that no valid UTF-8 decodes to, so a reader can refuse the
 * record holding it, name its line, and go on with the next. A character split across chunks is joined.
 */

/** Stands in the text for bytes that are not UTF-8. */
export const NOT_UTF8 = '\uDFFF';

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Why a record's text cannot be imported because its bytes were not UTF-8, or undefined when they were. */
export function notUtf8(text: string): string | undefined {
  const match = LONE_SURROGATE.exec(text);
  if (!match) return undefined;
  return `not UTF-8: bytes at column ${match.index + 1} are not valid UTF-8 (the file may be Latin-1 or Windows-1252; save it as UTF-8)`;
}

/** The length of the UTF-8 sequence a lead byte starts, or 0 for a byte that cannot start one. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** Whether `byte` may follow `lead` as its second byte (the first continuation byte has narrower ranges for E0, ED, F0, F4). */
function validSecond(lead: number, byte: number): boolean {
  if (lead === 0xe0) return byte >= 0xa0 && byte <= 0xbf;
  if (lead === 0xed) return byte >= 0x80 && byte <= 0x9f;
  if (lead === 0xf0) return byte >= 0x90 && byte <= 0xbf;
  if (lead === 0xf4) return byte >= 0x80 && byte <= 0x8f;
  return byte >= 0x80 && byte <= 0xbf;
}

/**
 * How many bytes of `bytes` from `at` form a valid sequence (its length), an invalid one (`-n`: skip n bytes,
 * the maximal subpart WHATWG replaces), or a valid but incomplete start at the end (`0`).
 */
function sequenceAt(bytes: Uint8Array, at: number): number {
  const lead = bytes[at];
  const length = sequenceLength(lead);
  if (length === 0) return -1;
  for (let k = 1; k < length; k++) {
    if (at + k >= bytes.length) return 0;
    const byte = bytes[at + k];
    const valid = k === 1 ? validSecond(lead, byte) : byte >= 0x80 && byte <= 0xbf;
    if (!valid) return -k;
  }
  return length;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** The incomplete sequence at the end of valid bytes, which the next chunk completes (at most 3 bytes). */
function incompleteTail(bytes: Uint8Array): Uint8Array {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const at = bytes.length - back;
    const byte = bytes[at];
    if (byte < 0x80) return bytes.subarray(bytes.length);
    if (byte >= 0xc0) return sequenceLength(byte) > back ? bytes.slice(at) : bytes.subarray(bytes.length);
  }
  return bytes.subarray(bytes.length);
}

/** The slow path, for a chunk holding bytes that are not UTF-8: the text with {@link NOT_UTF8} for each bad sequence, and the incomplete tail. */
function decodeMarking(bytes: Uint8Array, final: boolean): { text: string; tail: Uint8Array } {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const parts: string[] = [];
  let validFrom = 0;
  let at = 0;
  while (at < bytes.length) {
    const step = sequenceAt(bytes, at);
    if (step > 0) {
      at += step;
      continue;
    }
    if (step === 0 && !final) break;
    parts.push(decoder.decode(bytes.subarray(validFrom, at)), NOT_UTF8);
    at += step === 0 ? bytes.length - at : -step;
    validFrom = at;
  }
  parts.push(decoder.decode(bytes.subarray(validFrom, at)));
  return { text: parts.join(''), tail: bytes.slice(at) };
}

/**
 * The text of UTF-8 bytes, a chunk at a time: a fatal decoder in streaming mode for the usual valid chunk,
 * and where it refuses one, a byte-exact pass that marks each invalid sequence with {@link NOT_UTF8}.
 */
export async function* utf8Text(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<string> {
  let decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let tail: Uint8Array = new Uint8Array(0);
  for await (const chunk of chunks) {
    try {
      const text = decoder.decode(chunk, { stream: true });
      tail = incompleteTail(chunk.length >= 3 ? chunk : concat(tail, chunk));
      if (text !== '') yield text;
    } catch {
      // The decoder refused the chunk: decode it (after the incomplete sequence it held) marking what is not
      // UTF-8, and hand a fresh decoder the new incomplete tail, which the next chunk completes.
      decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
      const decoded = decodeMarking(concat(tail, chunk), false);
      tail = decoded.tail;
      decoder.decode(tail, { stream: true });
      if (decoded.text !== '') yield decoded.text;
    }
  }
  try {
    const text = decoder.decode();
    if (text !== '') yield text;
  } catch {
    yield NOT_UTF8;
  }
}
