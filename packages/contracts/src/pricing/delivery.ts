// Courier delivery by our own tariff (the embedded default when no delivery service is configured): the delivery's
// base price covers the first kilometres of the straight-line distance, then each started kilometre costs extra.

export type Coordinates = [lat: number, lon: number];

/** Kilometres the courier delivery's base price covers. */
export const COURIER_INCLUDED_KM = 5;
/** Rubles per started kilometre beyond them. */
export const COURIER_PRICE_PER_KM = 30;

/** Great-circle distance in kilometres (haversine, Earth radius 6371 km). */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b[0] - a[0]);
  const dLon = radians(b[1] - a[1]);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a[0])) * Math.cos(radians(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The courier price from `from` to `to`: the base price, plus 30 ₽ per started km beyond the first 5. */
export function courierPrice(basePrice: number, from: Coordinates, to: Coordinates): number {
  const extraKm = Math.max(0, Math.ceil(distanceKm(from, to) - COURIER_INCLUDED_KM));
  return basePrice + extraKm * COURIER_PRICE_PER_KM;
}
