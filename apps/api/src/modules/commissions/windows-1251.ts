/**
 * Text → Windows-1251 bytes, the encoding 1C and the bank clients of Russian banks expect in an imported payment
 * registry (Node has no encoder for it, and decision 062 adds no package). ASCII and Cyrillic map exactly; the few
 * punctuation marks of our texts (« » № — – ё Ё) have their own codes; anything else becomes «?».
 */
const SPECIAL: Record<string, number> = {
  Ё: 0xa8,
  ё: 0xb8,
  '«': 0xab,
  '»': 0xbb,
  '№': 0xb9,
  '—': 0x97,
  '–': 0x96,
  '\u00a0': 0xa0,
};

export function encodeWindows1251(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code >= 0x410 && code <= 0x44f) bytes.push(code - 0x410 + 0xc0);
    else bytes.push(SPECIAL[char] ?? 0x3f);
  }
  return Buffer.from(bytes);
}
