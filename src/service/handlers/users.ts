import { randomBytes, scrypt } from 'node:crypto';
import { badRequest, conflict, notFound } from '../errors';
import { optionalBoolean, requireString } from '../http/params';
import type { Handler } from '../http/types';
import { OK } from '../http/types';
import type { DatabaseUser } from '../store/mutations';
import { requireDatabase } from './lookup';

const MAX_PASSWORD_LENGTH = 1024;

function hashPassword(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, 32, (error, key) => (error ? reject(error) : resolve(key))));
}

/** A user as the service shows it: never the password or its hash. */
const userRecord = (user: DatabaseUser) => ({ user: user.name, readOnly: user.readOnly });

function checkUserName(name: string): void {
  if (name.length === 0) throw badRequest('A user name cannot be empty');
  if (name.length > 64) throw badRequest('A user name can have at most 64 characters');
  if ([...name].some((character) => character.charCodeAt(0) < 0x20)) throw badRequest('A user name cannot contain control characters');
}

export const listUsers: Handler = ({ account, params }) => ({
  body: [...(requireDatabase(account, params.db).users?.values() ?? [])].map(userRecord),
});

export const getUser: Handler = ({ account, params }) => {
  const user = requireDatabase(account, params.db).users?.get(params.user);
  if (!user) throw notFound(`User "${params.user}" does not exist on database "${params.db}"`);
  return { body: userRecord(user) };
};

export const createUser: Handler = async ({ account, params, body, thread }) => {
  requireDatabase(account, params.db);
  const name = requireString(body, 'user');
  const password = requireString(body, 'password');
  const readOnly = optionalBoolean(body, 'readOnly', optionalBoolean(body, 'readonly', false));
  checkUserName(name);
  if (password.length === 0) throw badRequest('The password cannot be empty');
  if (password.length > MAX_PASSWORD_LENGTH) throw badRequest(`The password can have at most ${MAX_PASSWORD_LENGTH} characters`);
  const exists = () => requireDatabase(account, params.db).users?.has(name) === true;
  if (exists()) throw conflict(`User "${name}" already exists on database "${params.db}"; remove it first to set a new password`);
  const salt = randomBytes(16);
  const hash = await hashPassword(password, salt);
  // The hash is computed off the event loop: the database or the user may have changed meanwhile.
  if (exists()) throw conflict(`User "${name}" already exists on database "${params.db}"; remove it first to set a new password`);
  account.store.commit(
    [{ op: 'putUser', db: params.db, user: { name, readOnly, salt: salt.toString('base64'), hash: hash.toString('base64') } }],
    true,
  );
  account.logOperation(
    params.db,
    thread,
    `command ${params.db}.$cmd command: { createUser: ${JSON.stringify(name)}, roles: [ "${readOnly ? 'read' : 'readWrite'}" ] }`,
    true,
  );
  return OK;
};

export const deleteUser: Handler = ({ account, params, thread }) => {
  const database = requireDatabase(account, params.db);
  if (!database.users?.has(params.user)) throw notFound(`User "${params.user}" does not exist on database "${params.db}"`);
  account.store.commit([{ op: 'deleteUser', db: params.db, name: params.user }], true);
  account.logOperation(params.db, thread, `command ${params.db}.$cmd command: { dropUser: ${JSON.stringify(params.user)} }`, true);
  return OK;
};

const SYSTEM_USERS_MEMBERS = new Set(['user', 'pwd', 'readonly']);

/** The original's flags as a PHP form sends them inside a document: "1", "" (false), or JSON true/false. */
function documentFlag(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === '' || value === '0' || value === 'false') return false;
  if (value === true || value === '1' || value === 'true') return true;
  throw badRequest('"readonly" must be true or false');
}

/**
 * Inserting `{user, pwd, readonly}` into `system.users` through the documents endpoint, as the original's
 * clients added a database user (the Laravel client sends `pwd` as MongoDB's md5 digest of user:mongo:password):
 * the user is created exactly as POST /databases/:db/users creates it, under the same rules, with `pwd` as its
 * password (kept only as a salted scrypt hash). Nothing else is stored in `system.users`.
 */
export const insertIntoSystemUsers: Handler = (context) => {
  const document = context.body.document;
  if (document === null || typeof document !== 'object' || Array.isArray(document))
    throw badRequest('"document" must be an object: {user, pwd, readonly}');
  const members = document as Record<string, unknown>;
  const other = Object.keys(members).filter((member) => !SYSTEM_USERS_MEMBERS.has(member));
  if (other.length > 0)
    throw badRequest(`A document of system.users holds only user, pwd and readonly, not ${other.map((m) => JSON.stringify(m)).join(', ')}`);
  if (typeof members.user !== 'string') throw badRequest('"user" of a system.users document must be a string');
  if (typeof members.pwd !== 'string') throw badRequest('"pwd" of a system.users document must be a string: the password');
  const body = { user: members.user, password: members.pwd, readOnly: documentFlag(members.readonly) };
  return createUser({ ...context, body });
};
