/** The word after `flag` in `argv` (`--port 8080` gives "8080"); undefined when the flag is not there. */
export function flagValue(argv: readonly string[], flag: string): string | undefined {
  const index = argv.indexOf(flag);
  return index >= 0 ? argv[index + 1] : undefined;
}
