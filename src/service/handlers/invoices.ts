import { notFound } from '../errors';
import type { Handler } from '../http/types';

export const listInvoices: Handler = ({ account }) => ({ body: account.state.invoices.map(({ items: _items, ...summary }) => summary) });

export const getInvoice: Handler = ({ account, params }) => {
  const invoice = account.state.invoices.find((candidate) => String(candidate.id) === params.id);
  if (!invoice) throw notFound(`Invoice "${params.id}" does not exist`);
  return { body: invoice };
};
