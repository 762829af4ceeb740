import { formatUnits } from 'viem'

/**
 * A token amount for display in `locale`: `balance` (integer string in the token's smallest unit)
 * in whole units, with at most `maxFractionDigits` decimals (truncated, never rounded up: a balance
 * is never shown larger than it is) and the locale's digit grouping.
 *
 * @example formatTokenAmount('1500000000000000000', 18, 'en') // '1.5'
 */
export function formatTokenAmount(
  balance: string,
  decimals: number,
  locale: string,
  maxFractionDigits = 6,
): string {
  const units = formatUnits(BigInt(balance), decimals)
  const [whole = '0', fraction = ''] = units.split('.')
  const negative = whole.startsWith('-')
  const digits = negative ? whole.slice(1) : whole
  const kept = fraction.slice(0, maxFractionDigits).replace(/0+$/, '')
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: maxFractionDigits })
  if (kept === '' && fraction !== '' && /[1-9]/.test(fraction) && digits === '0') {
    return `${negative ? '-' : ''}< ${format.format(10 ** -maxFractionDigits)}`
  }
  // A decimal string is formatted exactly (Intl.NumberFormat v3): no float rounding of big balances.
  const exact = `${negative ? '-' : ''}${digits}${kept ? `.${kept}` : ''}` as Intl.StringNumericLiteral
  return format.format(exact)
}

/**
 * A fiat value in `currency` (ISO code as the gateway names it) for `locale`, e.g. `$3,000.50`.
 * Unknown codes (the gateway also offers crypto "fiat" codes) fall back to `3,000.50 XYZ`.
 */
export function formatFiatValue(value: string, currency: string, locale: string): string {
  const amount = Number(value)
  if (!Number.isFinite(amount)) return `${value} ${currency.toUpperCase()}`
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(
      amount,
    )
  } catch {
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount)
    return `${number} ${currency.toUpperCase()}`
  }
}
