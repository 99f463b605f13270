const PHRASES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed while sending',
  ETIMEDOUT: 'the connection timed out',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'the host name could not be looked up',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ERR_STREAM_PREMATURE_CLOSE: 'the connection closed before the answer was complete',
  UND_ERR_SOCKET: 'the connection closed before the answer was complete',
  EPROTO: 'the TLS handshake failed',
};

function codeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current !== null && typeof current === 'object' && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return String(error);
  } catch {
    return 'unknown failure';
  }
}

/** A short phrase for why a request never got an answer: "connection refused", "host not found"… */
export function describeNetworkFailure(error: unknown): string {
  const code = codeOf(error);
  if (code !== undefined) {
    if (PHRASES[code]) return PHRASES[code];
    if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/.test(code)) return `the server's TLS certificate was not accepted (${code})`;
    if (/^ERR_SSL|^ERR_TLS/.test(code)) return `the TLS connection failed (${code})`;
  }
  const reason = messageOf(error)
    .replace(/^.*\breason: /s, '')
    .trim();
  return code !== undefined && !reason.includes(code) ? `${reason} (${code})` : reason || 'unknown failure';
}

/** A copy of a failure that is safe to keep as `cause`: message and stack passed through `scrub`, the code kept. */
export function scrubbedCause(error: unknown, scrub: (text: string) => string): Error {
  const copy = new Error(scrub(messageOf(error)));
  if (error instanceof Error) {
    copy.name = error.name;
    copy.stack = scrub(error.stack ?? copy.stack ?? '');
  } else {
    copy.stack = scrub(copy.stack ?? '');
  }
  const code = codeOf(error);
  if (code !== undefined) Object.assign(copy, { code });
  return copy;
}
