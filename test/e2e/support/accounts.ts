import type { Locator } from 'playwright-core';
import type { ProductSession } from './product-session';
import { answerQuickInput } from './workbench';

export interface AddAccountOptions {
  /** The account's name (default "Local demo"). */
  label?: string;
  /** Where the "Add Account" button is looked for (default: the DB Host side bar given). */
  within?: Locator;
}

/**
 * Adds the session's local service as an account, as a person does: "Add Account" in the DB Host view, then the
 * address, the name and the key in the quick inputs. Resolves with the "Added …" notification once it shows,
 * left open for the journey to read, use or dismiss.
 */
export async function addAccountThroughUi(
  session: Pick<ProductSession, 'page' | 'service'>,
  sideBar: Locator,
  options: AddAccountOptions = {},
): Promise<Locator> {
  const { page, service } = session;
  const label = options.label ?? 'Local demo';
  await (options.within ?? sideBar).getByRole('button', { name: 'Add Account' }).click();
  await answerQuickInput(page, /base address of the service/, service.url);
  await answerQuickInput(page, /name for the account/, label);
  await answerQuickInput(page, /API key/, service.apiKey);
  const added = page.locator('.notification-toast', { hasText: `Added "${label}"` });
  await added.waitFor({ state: 'visible' });
  return added;
}
