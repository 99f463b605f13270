import type { Handler } from '../http/types';
import { requireDatabase } from './lookup';

/** The operations in progress on a database, as the database's currentOp shows them (this request among them). */
export const listOperations: Handler = ({ account, params }) => {
  requireDatabase(account, params.db);
  return { body: { inprog: account.inProgress.on(params.db) } };
};
