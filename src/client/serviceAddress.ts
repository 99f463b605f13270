/** The service's base address: http or https, with or without a path prefix and trailing slash. */
export class ServiceAddress {
  /** Origin plus path prefix, without trailing slash: what the user configured, for messages. */
  readonly display: string;

  constructor(baseUrl: string) {
    let url: URL;
    try {
      url = new URL(baseUrl.trim());
    } catch {
      throw new TypeError('The service address is not a valid URL; it should look like https://host.example.net or http://127.0.0.1:8780');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TypeError(`The service address must start with http:// or https://, not ${url.protocol}//`);
    }
    if (url.username !== '' || url.password !== '') {
      throw new TypeError('The service address must not contain a user name or password; the API key is configured separately');
    }
    this.display = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }

  /** The full URL of an API path (which starts with `/`) and an already encoded query string. */
  url(path: string, query: string): string {
    return `${this.display}${path}${query === '' ? '' : `?${query}`}`;
  }
}

/** Encodes one path segment; refuses names that would address a different resource. */
export function pathSegment(value: string | number, what: string): string {
  const text = String(value);
  if (text === '' || text === '.' || text === '..') {
    throw new RangeError(`The ${what} ${JSON.stringify(text)} cannot be used in a request path`);
  }
  return encodeURIComponent(text);
}
