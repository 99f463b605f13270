import { isUtf8 } from 'node:buffer';
import { badRequest } from '../errors';

/**
 * Refuses a body that is not valid UTF-8. Decoding it anyway would store U+FFFD in place of each bad
 * byte and answer 200: data the client never sent, acknowledged as if it had.
 */
export function requireUtf8(body: Buffer): Buffer {
  if (!isUtf8(body)) throw badRequest('The request body is not valid UTF-8 text; nothing was read from it');
  return body;
}
