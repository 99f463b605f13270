import type { IncomingMessage } from 'node:http';
import { isPlainObject } from '../bson/extendedJson';
import { parseStoredJson } from '../bson/storedJson';
import { badRequest, HttpError } from '../errors';
import type { Body } from './params';

/** The interface's document size limit, which is also the largest body accepted. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** After refusing a body, the rest is read and dropped (so the client sees the 413 rather than a reset) up to this much. */
const DISCARD_LIMIT_BYTES = 4 * MAX_BODY_BYTES;

const tooLarge = () => new HttpError(413, `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`);

/**
 * Reads the body, refusing it as soon as it passes the limit (by its declared length or by what has
 * arrived). A refused body is not kept; the connection is cut if the client goes on sending much more.
 */
export function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      action();
    };
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) settle(() => reject(tooLarge()));
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) settle(() => reject(tooLarge()));
      if (size > DISCARD_LIMIT_BYTES) request.socket.destroy();
      if (!settled) chunks.push(chunk);
    });
    // Most bodies arrive as one chunk: no copy then.
    request.on('end', () => settle(() => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks))));
    request.on('error', (error) => settle(() => reject(error)));
    request.on('aborted', () => settle(() => reject(new HttpError(400, 'The request body ended early'))));
  });
}

/** The JSON object of a body, from its text (decoded once by the caller). */
export function parseBody(text: string): Body {
  if (text.trim() === '') throw badRequest('The request needs a JSON object as its body');
  let parsed: unknown;
  try {
    parsed = parseStoredJson(text);
  } catch (error) {
    throw badRequest(`The request body is not valid JSON: ${(error as Error).message}`);
  }
  if (!isPlainObject(parsed)) throw badRequest('The request body must be a JSON object');
  return parsed;
}
