/** Check-digit arithmetic for generated identifiers, so that they pass real validators. */

/** The Luhn digit to append to `digits` (credit cards, IMEI). Non-digits are skipped. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  let double = true;
  for (let i = digits.length - 1; i >= 0; i--) {
    const c = digits.charCodeAt(i) - 48;
    if (c < 0 || c > 9) continue;
    let v = double ? c * 2 : c;
    if (v > 9) v -= 9;
    sum += v;
    double = !double;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the digits of `text` (separators ignored) pass the Luhn test. */
export function isLuhnValid(text: string): boolean {
  const digits = text.replace(/\D/g, "");
  return digits.length > 1 && luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/** ISBN-10 check character (`0`-`9` or `X`) for nine digits. */
export function isbn10CheckChar(nine: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (i + 1) * (nine.charCodeAt(i) - 48);
  const r = sum % 11;
  return r === 10 ? "X" : String(r);
}

/** GTIN / EAN / ISBN-13 check digit for the digits before it (weights 3,1 from the right). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  let weight = 3;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += (body.charCodeAt(i) - 48) * weight;
    weight = weight === 3 ? 1 : 3;
  }
  return (10 - (sum % 10)) % 10;
}

/** The two IBAN check digits for a country code and basic bank account number (ISO 13616, mod 97). */
export function ibanCheckDigits(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`.toUpperCase();
  let rem = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const part = code >= 65 && code <= 90 ? String(code - 55) : ch;
    for (const d of part) rem = (rem * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return String(98 - rem).padStart(2, "0");
}

/** True when an IBAN's check digits are right. */
export function isIbanValid(iban: string): boolean {
  const s = iban.replace(/\s/g, "");
  return s.length > 4 && ibanCheckDigits(s.slice(0, 2), s.slice(4)) === s.slice(2, 4);
}

/** ABA routing number check digit for the first eight digits (weights 3, 7, 1). */
export function abaCheckDigit(eight: string): number {
  const w = [3, 7, 1, 3, 7, 1, 3, 7];
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (eight.charCodeAt(i) - 48) * (w[i] ?? 0);
  return (10 - (sum % 10)) % 10;
}

/** What each VIN character (by its code) counts for in the check digit: digits themselves, letters by ISO 3779 (no I, O or Q). */
const VIN_VALUES = new Uint8Array(91);
for (let d = 0; d < 10; d++) VIN_VALUES[48 + d] = d;
[..."ABCDEFGHJKLMNPRSTUVWXYZ"].forEach((c, i) => {
  VIN_VALUES[c.charCodeAt(0)] = "12345678123457923456789".charCodeAt(i) - 48;
});
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check character (`0`-`9` or `X`) of a 17-character VIN; its ninth character, the check itself, is not counted. */
export function vinCheckChar(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (VIN_VALUES[vin.charCodeAt(i)] ?? 0) * (VIN_WEIGHTS[i] ?? 0);
  const r = sum % 11;
  return r === 10 ? "X" : String(r);
}

/** True when a VIN has 17 characters of its alphabet and a right check character. */
export const isVinValid = (vin: string): boolean =>
  /^[A-HJ-NPR-Z0-9]{17}$/.test(vin) && vinCheckChar(vin) === vin[8];
