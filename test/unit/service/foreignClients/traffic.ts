/**
 * The project's own description of how the original service's surviving public clients talk to it: for each
 * call, where the key and the parameters travel and which fields of the answer the client reads. Written from
 * reading those clients (their requests and test fixtures); none of their code is here.
 *
 * Path placeholders are filled by the replay: {db} a database of the account, {col} one of its collections,
 * {doc} a document id there, {ind} an index name there, {user} a database user, {deployment} the deployment
 * name the client derives from the database's hostname and port, {newDb}/{newCol}/{copyDb} names for the
 * client to create, {op} a slow query id.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where the client puts the key: `_apikey` in the query, the `MongoHQ-API-Token` header, or `_apikey` in a form body. */
export type KeyPlacement = 'query' | 'header' | 'form';

export interface TrafficCall {
  /** What the client does, in the project's words. */
  does: string;
  method: Method;
  path: string;
  key: KeyPlacement[];
  /** Members in the query string besides `_apikey`, as sent (text). Nested members use brackets: `document[_id]`. */
  query?: Record<string, string>;
  /** Members of an `application/x-www-form-urlencoded` body besides `_apikey`. */
  form?: Record<string, string>;
  /** A JSON body. */
  json?: Record<string, unknown>;
  /** The Content-Type the client declares when it differs from its body (a form body labelled JSON). */
  declaredType?: string;
  /**
   * The body is written after the head of a GET or DELETE that declares no length, so on the wire it is the
   * start of a next request rather than a body (the nodejs client).
   */
  trailingBody?: boolean;
  /** The status the client gets from the local service. */
  status: number;
  /** Fields the client reads: of the answer object, or of each item when `list` is true; `header:Name` for a header. */
  reads: string[];
  list?: boolean;
}

export interface ClientTraffic {
  client: string;
  repository: string;
  transport: string;
  calls: TrafficCall[];
}
