/** LIKE / ILIKE patterns from user text: `%`, `_` and `\` match themselves (PostgreSQL's default escape is `\`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
