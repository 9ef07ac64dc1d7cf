/** Numeric inputs (spec 2, section 5): stripped to digits and shown with thousands separators. */

/** Only the ASCII digits of `input`, without leading zeros (but "0" stays "0"). */
export function digitsOnly(input: string): string {
  const digits = input.replace(/[^0-9]/g, '');
  return digits.replace(/^0+(?=\d)/, '');
}

/** "1234567" -> "1,234,567" (digits only in; anything else is stripped first). */
export function withThousands(input: string): string {
  return digitsOnly(input).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Characters as the member sees them (a Korean syllable or an emoji counts once), as the server counts them. */
export const charCount = (s: string) => [...s].length;
