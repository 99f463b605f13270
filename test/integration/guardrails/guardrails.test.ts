import * as assert from 'node:assert/strict';
import { GUARDED_WRITE_METHODS, WRITES_WITHOUT_A_USER_PATH } from '../../support/guardedWrites';
import { readTestConfig } from '../support/test-config';
import { guardedAccountForSuite, LABEL } from './guardedAccount';
import { writePathsOf } from './writePaths';

describe('Guardrails: Read-only and Confirm writes at the choke point', function () {
  this.timeout(120_000);
  const account = guardedAccountForSuite('guardtests');
  const WRITE_PATHS = writePathsOf(account);

  it('drives every write method of the client through at least one user path', () => {
    for (const method of GUARDED_WRITE_METHODS)
      if (!WRITES_WITHOUT_A_USER_PATH.includes(method)) assert.ok(WRITE_PATHS[method].length > 0, `${method} has no path`);
  });

  for (const method of GUARDED_WRITE_METHODS) {
    for (const path of WRITE_PATHS[method]) {
      it(`${method} (${path.via}): a Read-only account sends no request, and the user is told the account and its mode`, async () => {
        await account.setGuardrails({ mode: 'readOnly', tag: 'production', color: 'charts.red' });
        const seen = await path.run([]);
        assert.deepEqual(account.proxy.writes(), [], 'a write reached the service');
        const refusal = seen.messages.find((message) => message.includes(`The account "${LABEL} [production]" is Read-only:`));
        assert.ok(refusal, `no refusal naming the account and its mode among: ${JSON.stringify(seen.messages)}`);
        assert.match(refusal.split(': ').slice(1).join(': '), new RegExp(path.request.source.slice(1, -1)));
        assert.ok(!seen.questions.some((question) => question.text.includes('Send this')), 'a Read-only account asked to send');
      });

      if (path.asksFirst) {
        it(`${method} (${path.via}): Confirm writes asks once, in the command's own question with the tag, and Cancel sends nothing`, async () => {
          await account.setGuardrails({ mode: 'confirm', tag: 'production' });
          const seen = await path.run([], false);
          assert.deepEqual(account.proxy.writes(), [], 'a cancelled write reached the service');
          const confirmations = seen.questions.filter((question) => question.kind === 'confirm');
          assert.equal(confirmations.length, 1, `asked ${JSON.stringify(confirmations.map((q) => q.text))}`);
          assert.match(confirmations[0].text, /^\[production\] /);
          assert.match(
            confirmations[0].detail ?? '',
            new RegExp(`"${LABEL} \\[production\\]" confirms every write: this is that confirmation\\.$`),
          );
        });
        continue;
      }

      it(`${method} (${path.via}): Confirm writes shows the request and the tag, and Cancel sends nothing`, async () => {
        await account.setGuardrails({ mode: 'confirm', tag: 'production' });
        const seen = await path.run([{ confirm: false }]);
        assert.deepEqual(account.proxy.writes(), [], 'a cancelled write reached the service');
        const confirmation = seen.questions.find(
          (question) => question.kind === 'confirm' && question.text.startsWith('[PRODUCTION] Send this'),
        );
        assert.ok(confirmation, `no guardrail confirmation among: ${JSON.stringify(seen.questions.map((q) => q.text))}`);
        assert.equal(confirmation.text, `[PRODUCTION] Send this ${path.request.source.slice(1).split(' ')[0]} to "${LABEL}"?`);
        assert.match((confirmation.detail ?? '').split('\n')[0], path.request);
        assert.match(confirmation.detail ?? '', /\nAffects: /);
        assert.ok(!(confirmation.detail ?? '').includes(readTestConfig().services.empty.apiKey), 'the key is in the confirmation');
      });
    }
  }
});
