/** What a database user name may be, checked before anything is sent. */
export function validateUserName(name: string, existing: readonly string[]): string | undefined {
  if (name === '') return 'Enter a name for the user';
  if (name.length > 64) return 'A user name is at most 64 characters long';
  if ([...name].some((character) => character.charCodeAt(0) < 0x20)) return 'A user name cannot contain control characters';
  if (existing.includes(name)) return `The user ${name} already exists; remove it first to give it a new password`;
  return undefined;
}

export function validatePassword(password: string): string | undefined {
  if (password === '') return 'Enter a password';
  if (password.length > 1024) return 'A password is at most 1,024 characters long';
  return undefined;
}

/** The second typing of a password must match the first. */
export function validatePasswordRepeat(first: string, second: string): string | undefined {
  return first === second ? undefined : 'The passwords do not match';
}
