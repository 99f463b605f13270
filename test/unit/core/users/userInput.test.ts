import * as assert from 'node:assert/strict';
import { validatePassword, validatePasswordRepeat, validateUserName } from '../../../../src/core/users/userInput';

describe('database user input', () => {
  it('refuses empty, long, control-character and existing user names', () => {
    assert.equal(validateUserName('reporter', ['app']), undefined);
    assert.match(validateUserName('', [])!, /Enter a name/);
    assert.match(validateUserName('x'.repeat(65), [])!, /at most 64/);
    assert.match(validateUserName('a\tb', [])!, /control characters/);
    assert.match(validateUserName('app', ['app'])!, /already exists/);
  });

  it('needs a password, typed the same way twice', () => {
    assert.match(validatePassword('')!, /Enter a password/);
    assert.equal(validatePassword('s3cret'), undefined);
    assert.match(validatePassword('x'.repeat(1025))!, /at most 1,024/);
    assert.equal(validatePasswordRepeat('s3cret', 's3cret'), undefined);
    assert.match(validatePasswordRepeat('s3cret', 's3creT')!, /do not match/);
  });
});
