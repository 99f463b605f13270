import * as assert from 'node:assert/strict';
import { ContextValue } from '../../../../src/extension/kit/feature/contextValues';
import type { Contributes } from '../support/contributionChecks';
import { viewItemsOf } from '../support/contributionChecks';
import { localisedManifest } from '../support/localisedManifest';

const itemMenu = localisedManifest<{ contributes: Contributes }>().contributes.menus?.['view/item/context'] ?? [];

/** The commands of a tree item's context menu, for an item with this context value. */
function menuOf(contextValue: string): string[] {
  return itemMenu
    .filter((entry) => entry.when !== undefined && viewItemsOf([entry.when]).some(({ matched }) => matched.includes(contextValue)))
    .map((entry) => entry.command ?? '')
    .sort();
}

describe('extension/copyDatabase: Copy Database… is hidden on a service without it', () => {
  it("a database of a service known to have no Copy Database has every other item of a database's menu, and not Copy Database…", () => {
    const offered = menuOf(ContextValue.database);
    const withoutCopy = menuOf(ContextValue.databaseWithoutCopy);
    assert.ok(offered.includes('dbhost.copyDatabase'), 'Copy Database… is not in the menu of a database');
    assert.deepEqual(
      withoutCopy,
      offered.filter((command) => command !== 'dbhost.copyDatabase'),
    );
  });
});
