/**
 * Text as an SQL literal. Keys and values are written into the statement rather than sent as parameters, so that
 * PostgreSQL matches them to an expression index and a part left out never leaves a parameter behind. The text
 * holds nothing filterSql.ts calls unsendable, and standard_conforming_strings (on since PostgreSQL 9.1) reads a
 * backslash as itself.
 */
export const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;
