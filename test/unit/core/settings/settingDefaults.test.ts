import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SETTING_DEFAULTS } from '../../../../src/core/settings/settingDefaults';

interface DeclaredSetting {
  default?: unknown;
  type?: string;
  minimum?: number;
  maximum?: number;
}

const manifest = JSON.parse(readFileSync(resolve(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, DeclaredSetting> } };
};
const declared = manifest.contributes.configuration.properties;

describe('core/settings: the defaults the code falls back to are the ones package.json declares', () => {
  it('names the same settings', () => {
    assert.deepEqual(
      Object.keys(SETTING_DEFAULTS)
        .map((name) => `dbhost.${name}`)
        .sort(),
      Object.keys(declared).sort(),
    );
  });

  for (const [name, value] of Object.entries(SETTING_DEFAULTS)) {
    it(`dbhost.${name}: ${JSON.stringify(value)}, within its declared range`, () => {
      const setting = declared[`dbhost.${name}`];
      assert.ok(setting, `package.json declares no dbhost.${name}`);
      assert.deepEqual(setting.default, value);
      if (setting.minimum !== undefined) assert.ok((value as number) >= setting.minimum, `below its minimum ${setting.minimum}`);
      if (setting.maximum !== undefined) assert.ok((value as number) <= setting.maximum, `above its maximum ${setting.maximum}`);
    });
  }
});
