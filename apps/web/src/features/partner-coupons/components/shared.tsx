import { formatRub } from '@/lib/format';

/** Kopecks as roubles («1 234,50 ₽»). */
export const rub = (kopecks: number) => formatRub(kopecks / 100);
