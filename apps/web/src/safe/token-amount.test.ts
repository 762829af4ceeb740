import { describe, expect, it } from 'vitest'
import { formatFiatValue, formatTokenAmount } from './token-amount.ts'

describe('formatTokenAmount', () => {
  it('shows whole units with grouping and trimmed decimals', () => {
    expect(formatTokenAmount('1500000000000000000', 18, 'en')).toBe('1.5')
    expect(formatTokenAmount('1234567000000', 6, 'en')).toBe('1,234,567')
    expect(formatTokenAmount('0', 18, 'en')).toBe('0')
    expect(formatTokenAmount('7', 0, 'en')).toBe('7')
  })

  it('truncates instead of rounding, and marks dust', () => {
    expect(formatTokenAmount('1999999999999999999', 18, 'en')).toBe('1.999999')
    expect(formatTokenAmount('1', 18, 'en')).toBe('< 0.000001')
    expect(formatTokenAmount('-2500000', 6, 'en')).toBe('-2.5')
  })

  it('keeps every digit of a large balance and follows the locale', () => {
    expect(formatTokenAmount('123456789012345678901234567890', 18, 'en')).toBe('123,456,789,012.345678')
    expect(formatTokenAmount('1234567500000', 6, 'de')).toBe('1.234.567,5')
  })
})

describe('formatFiatValue', () => {
  it('formats known currencies and falls back for unknown codes', () => {
    expect(formatFiatValue('3000.5', 'usd', 'en-US')).toBe('$3,000.50')
    expect(formatFiatValue('0', 'EUR', 'en-US')).toBe('€0.00')
    expect(formatFiatValue('12.345', 'ETHX', 'en-US')).toBe('12.35 ETHX')
    expect(formatFiatValue('n/a', 'usd', 'en-US')).toBe('n/a USD')
  })
})
