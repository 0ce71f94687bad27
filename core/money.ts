/**
 * Money in an account's own currency: how many digits after the decimal point its amounts have
 * (ISO 4217 minor units: USD and EUR 2, JPY and KRW 0, KWD 3) and amounts rounded to them, so that
 * no float artefact and no fraction a currency does not have reaches a platform.
 */

const digitsByCurrency = new Map<string, number>();

/** Digits after the decimal point of the currency's amounts (2 for a code the runtime does not know). */
export function minorUnitDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** The amount rounded to the currency's minor unit (1.4 JPY is 1; 0.057 USD is 0.06). */
export function roundToMinorUnit(amount: number, currency: string): number {
  const factor = 10 ** minorUnitDigits(currency);
  return Math.round(amount * factor) / factor;
}

/** The smallest amount the currency can express (0.01 USD, 1 JPY). */
export const smallestAmount = (currency: string): number => 10 ** -minorUnitDigits(currency);
