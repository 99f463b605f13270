import * as assert from 'node:assert/strict';
import { relative, resolve } from 'node:path';
import { CommandId } from '../../../src/extension/kit/feature/commandIds';
import { ContextKey, ContextValue } from '../../../src/extension/kit/feature/contextValues';
import type { Contributes } from './support/contributionChecks';
import {
  commandProblems,
  contextKeyProblems,
  contextValueProblems,
  membersUsed,
  sourceFiles,
  viewItemsOf,
  whenClausesOf,
} from './support/contributionChecks';
import { localisedManifest } from './support/localisedManifest';
import { expandRegex, whenTerms } from './support/whenClauses';

const root = resolve(__dirname, '..', '..', '..');
const contributes = localisedManifest<{ contributes: Contributes }>().contributes;
const sources = sourceFiles(resolve(root, 'src'));
const isConstantsModule = (path: string) => /kit[\\/]feature[\\/](commandIds|contextValues)\.ts$/.test(path);

const contextValuesUsedInCode = () => {
  const members = membersUsed(sources, 'ContextValue');
  return new Set(
    Object.entries(ContextValue)
      .filter(([member]) => members.has(member))
      .map(([, value]) => value as string),
  );
};
const contextKeysSetInCode = () => {
  const keys = sources.flatMap((file) => [...file.text.matchAll(/'setContext',\s*ContextKey\.(\w+)/g)].map((match) => match[1]));
  return new Set(
    Object.entries(ContextKey)
      .filter(([member]) => keys.includes(member))
      .map(([, value]) => value as string),
  );
};

describe('extension/kit: command ids and context values agree with package.json', () => {
  describe('command ids', () => {
    it('CommandId holds exactly the contributed commands, each dbhost.<member>, and every command a menu, key or link runs', () => {
      assert.deepEqual(commandProblems(contributes, CommandId), []);
    });

    it('would report a command missing on either side, a misnamed member and a menu running an unknown command', () => {
      const manifest: Contributes = {
        commands: [{ command: 'dbhost.addAccount' }, { command: 'dbhost.extra' }],
        menus: { 'view/title': [{ command: 'dbhost.addAcount' }] },
        keybindings: [{ command: 'dbhost.addAccount' }],
        viewsWelcome: [{ contents: '[Go](command:dbhost.goSomewhere)' }],
      };
      assert.deepEqual(commandProblems(manifest, { addAccount: 'dbhost.addAccount', renamed: 'dbhost.removeAccount' }), [
        'CommandId.renamed is "dbhost.removeAccount", not "dbhost.renamed"',
        'CommandId.renamed ("dbhost.removeAccount") is not contributed in package.json',
        'package.json contributes "dbhost.extra", which is not in CommandId',
        'package.json runs "dbhost.addAcount" from a menu, key or link, which is not in CommandId',
        'package.json runs "dbhost.goSomewhere" from a menu, key or link, which is not in CommandId',
      ]);
    });

    it('no source file outside commandIds.ts writes a command id as a string', () => {
      const ids = new Set<string>(Object.values(CommandId));
      const literals = sources
        .filter((file) => !isConstantsModule(file.path))
        .flatMap((file) =>
          [...file.text.matchAll(/['"`](dbhost\.\w+)['"`]/g)]
            .filter((match) => ids.has(match[1]))
            .map((match) => `${relative(root, file.path)}: ${match[0]}`),
        );
      assert.deepEqual(literals, []);
    });
  });

  describe('tree item context values', () => {
    it('every viewItem a when clause names (== or each string its regular expression matches) is a ContextValue, and every ContextValue is named by a clause or used in src', () => {
      assert.deepEqual(contextValueProblems(contributes, Object.values(ContextValue), contextValuesUsedInCode()), []);
    });

    it('reads the regular expressions of the menus: the tailing deployments, the index and slow-query variants', () => {
      const named = new Set(viewItemsOf(whenClausesOf(contributes)).flatMap(({ matched }) => matched));
      for (const value of [
        ContextValue.deploymentTailing,
        ContextValue.deploymentLogsTailing,
        ContextValue.deploymentDetails,
        ContextValue.indexBuiltin,
        ContextValue.replayableSlowQuery,
      ]) {
        assert.ok(named.has(value), `no menu names ${value}`);
      }
    });

    it('would report a misspelt viewItem in == and in a regular expression, and a context value nothing uses', () => {
      const manifest = {
        menus: {
          'view/item/context': [
            { command: 'dbhost.x', when: 'view == dbhost.explorer && viewItem == dbhost.colection' },
            { command: 'dbhost.y', when: 'viewItem =~ /^dbhost\\.(account|databse)(\\.tailing)?$/' },
          ],
        },
      };
      assert.deepEqual(
        contextValueProblems(
          manifest,
          ['dbhost.account', 'dbhost.account.tailing', 'dbhost.unused', 'dbhost.set'],
          new Set(['dbhost.set']),
        ),
        [
          '"view == dbhost.explorer && viewItem == dbhost.colection" names the item "dbhost.colection", which is not in ContextValue',
          '"viewItem =~ /^dbhost\\.(account|databse)(\\.tailing)?$/" names the item "dbhost.databse", which is not in ContextValue',
          '"viewItem =~ /^dbhost\\.(account|databse)(\\.tailing)?$/" names the item "dbhost.databse.tailing", which is not in ContextValue',
          'ContextValue "dbhost.unused" is neither in a when clause nor used in src',
        ],
      );
    });

    it('no source file outside contextValues.ts assigns a contextValue from a string', () => {
      const literals = sources
        .filter((file) => !isConstantsModule(file.path))
        .flatMap((file) =>
          file.text
            .split('\n')
            .filter((line) => /contextValue\s*=.*['"`]dbhost\./.test(line))
            .map((line) => `${relative(root, file.path)}: ${line.trim()}`),
        );
      assert.deepEqual(literals, []);
    });
  });

  describe('context keys', () => {
    it('the dbhost.* keys the when clauses read are the ContextKeys, each set with setContext in src', () => {
      assert.deepEqual(contextKeyProblems(contributes, Object.values(ContextKey), contextKeysSetInCode()), []);
    });

    it('would report a key read but not declared, and a declared key nobody reads or sets', () => {
      const manifest = { viewsWelcome: [{ contents: '', when: 'view == dbhost.explorer && !dbhost.serviceRuning' }] };
      assert.deepEqual(contextKeyProblems(manifest, ['dbhost.serviceRunning'], new Set()), [
        'package.json reads the context key "dbhost.serviceRuning", which is not in ContextKey',
        'ContextKey "dbhost.serviceRunning" is read by no when clause',
        'ContextKey "dbhost.serviceRunning" is never set with setContext in src',
      ]);
    });

    it('no source file sets a context key from a string', () => {
      const literals = sources.flatMap((file) =>
        [...file.text.matchAll(/'setContext',\s*['"`][^'"`]*['"`]/g)].map((match) => `${relative(root, file.path)}: ${match[0]}`),
      );
      assert.deepEqual(literals, []);
    });
  });

  describe('reading when clauses', () => {
    it('splits a clause into its terms, with regular expressions whole even when they hold && or |', () => {
      assert.deepEqual(
        whenTerms("view == dbhost.explorer && (viewItem =~ /^a(b|c)$/i || !dbhost.running) && resourceScheme != 'x y' && k in list"),
        [
          { key: 'view', operator: '==', value: 'dbhost.explorer' },
          { key: 'viewItem', operator: '=~', regex: { source: '^a(b|c)$', flags: 'i' } },
          { key: 'dbhost.running' },
          { key: 'resourceScheme', operator: '!=', value: 'x y' },
          { key: 'k', operator: 'in', value: 'list' },
        ],
      );
      assert.deepEqual(whenTerms('resourceFilename =~ /[/&]x\\/y$/'), [
        { key: 'resourceFilename', operator: '=~', regex: { source: '[/&]x\\/y$', flags: '' } },
      ]);
    });

    it('lists every string an anchored regular expression of groups, alternatives and ? matches', () => {
      assert.deepEqual(expandRegex('^dbhost\\.deployment(Logs)?(\\.tailing)?$').sort(), [
        'dbhost.deployment',
        'dbhost.deployment.tailing',
        'dbhost.deploymentLogs',
        'dbhost.deploymentLogs.tailing',
      ]);
      assert.deepEqual(expandRegex('^dbhost\\.(index|index\\.builtin|(?:a|b)c)$'), [
        'dbhost.index',
        'dbhost.index.builtin',
        'dbhost.ac',
        'dbhost.bc',
      ]);
    });

    it('refuses a regular expression that matches more than it can list', () => {
      assert.throws(() => expandRegex('dbhost\\.account'), /not anchored/);
      assert.throws(() => expandRegex('^dbhost\\..*$'), /"\." at 9 is not supported/);
      assert.throws(() => expandRegex('^dbhost\\.a+$'), /quantifier "\+"/);
      assert.throws(() => expandRegex('^dbhost\\.[ab]$'), /"\[" at 9 is not supported/);
      assert.throws(() => expandRegex('^dbhost\\.\\w$'), /escape "\\w"/);
    });
  });
});
