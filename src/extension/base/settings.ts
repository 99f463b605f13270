import * as vscode from 'vscode';
import type { Settings } from '../../core/settings/settingDefaults';
import { SETTING_DEFAULTS } from '../../core/settings/settingDefaults';

/** The value of `dbhost.<name>` as the user set it, or its declared default. Read at the moment of use. */
export function setting<Name extends keyof Settings>(name: Name): Settings[Name] {
  return vscode.workspace.getConfiguration('dbhost').get<Settings[Name]>(name, SETTING_DEFAULTS[name]);
}
