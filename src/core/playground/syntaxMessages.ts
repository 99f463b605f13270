import { printParseErrorCode } from 'jsonc-parser';

const MESSAGES: Record<string, string> = {
  InvalidSymbol: 'Unexpected text: expected a JSON value',
  InvalidNumberFormat: 'This is not a valid number',
  PropertyNameExpected: 'Expected a property name in double quotes',
  ValueExpected: 'Expected a value',
  ColonExpected: 'Expected a colon after the property name',
  CommaExpected: 'Expected a comma',
  CloseBraceExpected: 'Expected a closing brace "}"',
  CloseBracketExpected: 'Expected a closing bracket "]"',
  EndOfFileExpected: 'Expected the end of the file: a playground holds one query or one array of queries',
  InvalidCommentToken: 'This comment is not closed',
  UnexpectedEndOfComment: 'This comment is not closed',
  UnexpectedEndOfString: 'This string is not closed',
  UnexpectedEndOfNumber: 'This number ends too early',
  InvalidUnicode: 'Invalid \\u escape: it needs four hexadecimal digits',
  InvalidEscapeCharacter: 'Invalid escape character in a string',
  InvalidCharacter: 'Invalid character in a string: control characters must be escaped',
};

/** A sentence for a jsonc-parser error code. */
export function describeSyntaxError(code: number): string {
  const name = printParseErrorCode(code);
  return MESSAGES[name] ?? `Invalid JSON (${name})`;
}
