import { collectionRulesOf } from '../../core/api/collectionRules';
import { CompiledRules } from '../../core/validation/collectionRules';
import { isCancellation } from '../base/registerCommand';
import type { Services } from '../services';
import { isKnownAbsent } from '../kit/availability/featureAvailability';
import type { RulesCheck, RulesCollection } from '../kit/writes/rulesSaveCheck';

/**
 * Reads a collection's rules from its statistics, compiled for checking: undefined when it has none, they are
 * off, the service is known to keep no rules (asked nothing then), or they cannot be read (the service still
 * checks every write, so a failure to read them is logged, not shown).
 */
export async function readRulesCheck(services: Services, collection: RulesCollection): Promise<RulesCheck | undefined> {
  try {
    const client = await services.accounts.clientFor(collection.accountId);
    if (isKnownAbsent(client, 'rules')) return undefined;
    const rules = collectionRulesOf(await client.getCollectionStats(collection.db, collection.col));
    if (!rules || rules.validationLevel === 'off') return undefined;
    const compiled = CompiledRules.compile(rules.validator);
    return {
      rules,
      violations: (document) => {
        try {
          return compiled.violations(document);
        } catch {
          return [];
        }
      },
    };
  } catch (error) {
    if (isCancellation(error)) throw error;
    services.logger
      .scoped('rules')
      .warn(`Could not read the rules of ${collection.db}.${collection.col}: ${services.logger.describe(error)}`);
    return undefined;
  }
}
