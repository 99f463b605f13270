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
