import type { AttributionModel } from '@app/contracts';
import { NO_TOUCH_CHANNEL } from '@app/contracts';

/**
 * The six attribution models (decision 068) as pure functions: an order's touches, oldest first, become credit
 * shares that add up to 1. An order without touches is given one «direct» touch by the caller, so every order is
 * credited somewhere and each model's totals equal the period's.
 */
export type ModelTouch = { channel: string; at: number };

const HOUR = 3_600_000;

function firstTouch(touches: readonly ModelTouch[]): number[] {
  return touches.map((_, index) => (index === 0 ? 1 : 0));
}

function lastTouch(touches: readonly ModelTouch[]): number[] {
  return touches.map((_, index) => (index === touches.length - 1 ? 1 : 0));
}

/** The last touch whose channel is not direct; all direct → the last touch. */
function lastNonDirect(touches: readonly ModelTouch[]): number[] {
  let chosen = touches.length - 1;
  for (let index = touches.length - 1; index >= 0; index -= 1) {
    if (touches[index]!.channel !== NO_TOUCH_CHANNEL) {
      chosen = index;
      break;
    }
  }
  return touches.map((_, index) => (index === chosen ? 1 : 0));
}

function linear(touches: readonly ModelTouch[]): number[] {
  return touches.map(() => 1 / touches.length);
}

/** 40 % first, 40 % last, 20 % shared by the middle; one touch 100 %, two touches 50/50. */
function positionBased(touches: readonly ModelTouch[]): number[] {
  const count = touches.length;
  if (count === 1) return [1];
  if (count === 2) return [0.5, 0.5];
  return touches.map((_, index) => (index === 0 || index === count - 1 ? 0.4 : 0.2 / (count - 2)));
}

/** Weight 2^(−Δt / half-life), Δt from the touch to the order; normalised. */
function timeDecay(touches: readonly ModelTouch[], orderAt: number, halfLifeHours: number): number[] {
  const weights = touches.map((touch) => 2 ** (-Math.max(0, orderAt - touch.at) / (halfLifeHours * HOUR)));
  const sum = weights.reduce((total, weight) => total + weight, 0);
  // Touches so old that every weight underflows: share equally rather than divide by zero.
  return sum > 0 ? weights.map((weight) => weight / sum) : linear(touches);
}

/** Credit shares of each touch under `model` (empty touches → empty shares; callers add the «direct» touch). */
export function attributeShares(
  model: AttributionModel,
  touches: readonly ModelTouch[],
  orderAt: number,
  halfLifeHours: number,
): number[] {
  if (touches.length === 0) return [];
  switch (model) {
    case 'first_touch':
      return firstTouch(touches);
    case 'last_touch':
      return lastTouch(touches);
    case 'last_non_direct':
      return lastNonDirect(touches);
    case 'linear':
      return linear(touches);
    case 'position_based':
      return positionBased(touches);
    case 'time_decay':
      return timeDecay(touches, orderAt, halfLifeHours);
  }
}

/**
 * Splits a whole number (kopecks, hundredths of an order) by shares with the largest-remainder method: the parts
 * are whole and add up to `total` exactly. Ties go to the earlier touch. A negative total (a loss-making order's
 * margin) is split as its absolute value and negated.
 */
export function splitByShares(total: number, shares: readonly number[]): number[] {
  if (shares.length === 0) return [];
  // One share of 1, the rest 0 (first touch, last touch, last non-direct, any one-touch path): the whole to it —
  // what the method below gives, without its sort (decision 085).
  const whole = shares.indexOf(1);
  if (whole >= 0 && shares.every((share, index) => index === whole || share === 0))
    return shares.map((_, index) => (index === whole ? total : 0));
  if (total < 0) return splitByShares(-total, shares).map((part) => (part === 0 ? 0 : -part));
  const sum = shares.reduce((acc, share) => acc + share, 0);
  const exact = shares.map((share) => (sum > 0 ? (total * share) / sum : total / shares.length));
  const parts = exact.map((value) => Math.floor(value));
  let left = total - parts.reduce((acc, part) => acc + part, 0);
  if (left <= 0) return parts;
  const remainders = exact.map((value, index) => value - parts[index]!);
  const byRemainder = shares.map((_, index) => index);
  byRemainder.sort((a, b) => remainders[b]! - remainders[a]! || a - b);
  for (const index of byRemainder) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}
