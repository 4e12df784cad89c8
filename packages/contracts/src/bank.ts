/**
 * Russian bank details checked the way the Central Bank defines them (Положение ЦБ № 579-П, the control key of an
 * account): one rule for the web form and the API.
 */

/** The weights 7, 1, 3 repeated over the 23 digits (3 of the BIK + the 20-digit account). */
const ACCOUNT_WEIGHTS = [7, 1, 3] as const;

function hasValidControlKey(digits23: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits23.length; index += 1) {
    sum += (Number(digits23[index]) * ACCOUNT_WEIGHTS[index % 3]!) % 10;
  }
  return sum % 10 === 0;
}

/** БИК: 9 digits. */
export function isValidBik(value: string): boolean {
  return /^\d{9}$/.test(value);
}

/** Расчётный счёт: 20 digits whose control key holds together with the bank's BIK (last 3 digits of the BIK). */
export function isValidSettlementAccount(account: string, bik: string): boolean {
  if (!/^\d{20}$/.test(account) || !isValidBik(bik)) return false;
  return hasValidControlKey(bik.slice(-3) + account);
}

/** Корреспондентский счёт: 20 digits checked with «0» + the BIK's 5th and 6th digits (the settlement centre). */
export function isValidCorrespondentAccount(account: string, bik: string): boolean {
  if (!/^\d{20}$/.test(account) || !isValidBik(bik)) return false;
  return hasValidControlKey(`0${bik.slice(4, 6)}${account}`);
}
