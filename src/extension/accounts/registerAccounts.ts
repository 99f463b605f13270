import type { FeatureModule } from '../kit/feature/featureModule';
import type { ImportedAccount } from './importAccountFile';
import { importAccountFile } from './importAccountFile';
import { addAccount } from './addAccount';
import { changeApiKey } from './changeApiKey';
import { removeAccount } from './removeAccount';
import { renameAccount } from './renameAccount';
import { CommandId } from '../kit/feature/commandIds';

/** The accounts: add one, rename it, change its key, remove it; and the account a window is started with. */
export const accountsFeature: FeatureModule<string | undefined, Promise<ImportedAccount | undefined>> = {
  name: 'accounts',
  commands: {
    [CommandId.addAccount]: ({ services }) => addAccount(services),
    [CommandId.renameAccount]: ({ services }, arg?: unknown) => renameAccount(services, arg),
    [CommandId.changeApiKey]: ({ services }, arg?: unknown) => changeApiKey(services, arg),
    [CommandId.removeAccount]: ({ services }, arg?: unknown) => removeAccount(services, arg),
  },
  /** Adds the account handed over at start (`npm start`) in `file`, if any; what it adds is where the window starts. */
  async register({ services }, file) {
    try {
      return await importAccountFile(services.accounts, file);
    } catch (error) {
      services.logger.error('Could not import the account handed over at start', error);
      return undefined;
    }
  },
};
