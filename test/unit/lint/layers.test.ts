import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '..', '..', '..');

/** The `no-restricted-imports` messages ESLint gives `source` as if it were the file at `file`. */
async function restrictedImports(eslint: ESLint, file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('lint: the layers hold', function () {
  this.timeout(60_000);
  // The probes are text for files that do not exist, which the type-aware rules cannot type: they are off here.
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false, project: null } },
      rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
    },
  });

  const refused: [file: string, source: string, reason: RegExp][] = [
    ['src/core/example.ts', "import { DbHostClient } from '../client/dbHostClient';\nexport const x = DbHostClient;\n", /Only the extension uses the client/],
    ['src/core/deep/example.ts', "import { startService } from '../../service/server';\nexport const x = startService;\n", /its own process/],
    ['src/core/example.ts', "import { activate } from '../extension/extension';\nexport const x = activate;\n", /Only the extension imports the extension/],
    ['src/core/example.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n", /Only src\/extension may import vscode/],
    ['src/client/example.ts', "import { startService } from '../service/server';\nexport const x = startService;\n", /its own process/],
    ['src/client/example.ts', "import { activate } from '../extension/extension';\nexport const x = activate;\n", /Only the extension imports the extension/],
    ['src/client/example.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n", /Only src\/extension may import vscode/],
    ['src/service/example.ts', "import { DbHostClient } from '../client/dbHostClient';\nexport const x = DbHostClient;\n", /Only the extension uses the client/],
    ['src/service/example.ts', "import { activate } from '../extension/extension';\nexport const x = activate;\n", /Only the extension imports the extension/],
    ['src/service/example.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n", /Only src\/extension may import vscode/],
    ['src/extension/example.ts', "import { startService } from '../service/server';\nexport const x = startService;\n", /its own process/],
  ];
  for (const [file, source, reason] of refused) {
    it(`refuses in ${file}: ${source.split('\n')[0]}`, async () => {
      const messages = await restrictedImports(eslint, file, source);
      assert.equal(messages.length, 1, `expected one refusal, got ${JSON.stringify(messages)}`);
      assert.match(messages[0], reason);
    });
  }

  const allowed: [file: string, source: string][] = [
    ['src/client/example.ts', "import { parseLossless } from '../core/json/lossless';\nexport const x = parseLossless;\n"],
    ['src/service/example.ts', "import { parseLossless } from '../core/json/lossless';\nexport const x = parseLossless;\n"],
    ['src/extension/example.ts', "import * as vscode from 'vscode';\nimport { DbHostClient } from '../client/dbHostClient';\nexport const x = [vscode, DbHostClient];\n"],
    ['src/extension/example.ts', "import { startLocalService } from './localService/localService';\nexport const x = startLocalService;\n"],
  ];
  for (const [file, source] of allowed) {
    it(`allows in ${file}: ${source.split('\n')[0]}`, async () => {
      assert.deepEqual(await restrictedImports(eslint, file, source), []);
    });
  }
});
