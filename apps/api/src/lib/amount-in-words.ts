/** Russian amount in words for invoices and acts: 1500 → 'Одна тысяча пятьсот рублей 00 копеек'. */
const UNITS_MASCULINE = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const UNITS_FEMININE = ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
];
const HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
];

type Forms = [one: string, few: string, many: string];
const SCALES: Array<{ forms: Forms; feminine: boolean }> = [
  { forms: ['', '', ''], feminine: false },
  { forms: ['тысяча', 'тысячи', 'тысяч'], feminine: true },
  { forms: ['миллион', 'миллиона', 'миллионов'], feminine: false },
  { forms: ['миллиард', 'миллиарда', 'миллиардов'], feminine: false },
];

/** The Russian plural form for a count: 1 рубль, 2 рубля, 5 рублей, 11 рублей, 21 рубль. */
export function pluralRu(count: number, forms: Forms): string {
  const mod100 = count % 100;
  const mod10 = count % 10;
  if (mod100 >= 11 && mod100 <= 14) return forms[2];
  if (mod10 === 1) return forms[0];
  if (mod10 >= 2 && mod10 <= 4) return forms[1];
  return forms[2];
}

function tripletInWords(value: number, feminine: boolean): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  if (hundreds) words.push(HUNDREDS[hundreds]!);
  if (rest >= 10 && rest < 20) {
    words.push(TEENS[rest - 10]!);
  } else {
    if (rest >= 20) words.push(TENS[Math.floor(rest / 10)]!);
    const unit = rest % 10;
    if (unit) words.push((feminine ? UNITS_FEMININE : UNITS_MASCULINE)[unit]!);
  }
  return words;
}

export function integerInWords(value: number): string {
  if (value === 0) return 'ноль';
  const words: string[] = [];
  let rest = value;
  for (let scale = 0; rest > 0 && scale < SCALES.length; scale += 1) {
    const triplet = rest % 1000;
    rest = Math.floor(rest / 1000);
    if (triplet === 0) continue;
    const { forms, feminine } = SCALES[scale]!;
    const part = tripletInWords(triplet, feminine);
    if (scale > 0) part.push(pluralRu(triplet, forms));
    words.unshift(...part);
  }
  return words.join(' ');
}

export function rublesInWords(amount: number): string {
  const kopecksTotal = Math.round(amount * 100);
  const rubles = Math.floor(kopecksTotal / 100);
  const kopecks = kopecksTotal % 100;
  const text = `${integerInWords(rubles)} ${pluralRu(rubles, ['рубль', 'рубля', 'рублей'])} ${String(kopecks).padStart(2, '0')} ${pluralRu(kopecks, ['копейка', 'копейки', 'копеек'])}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
