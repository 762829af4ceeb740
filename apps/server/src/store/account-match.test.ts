import { describe, expect, it } from 'vitest'
import { accountIdCondition, describeAccountMatch, parseAccountMatch } from './account-match.ts'

const checksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('parseAccountMatch', () => {
  it.each([
    [checksummed, { address: checksummed }],
    [checksummed.toLowerCase(), { address: checksummed }],
    [` ${checksummed.toUpperCase().replace('0X', '0x')} `, { address: checksummed }],
    [`eip155:1:${checksummed}`, { address: checksummed, chainId: 1 }],
    [`eip155:31337:${checksummed.toLowerCase()}`, { address: checksummed, chainId: 31337 }],
  ])('reads %j', (text, match) => expect(parseAccountMatch(text)).toEqual(match))

  it.each([
    '',
    'f39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    `${checksummed}00`,
    '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226g',
    `eip155:0:${checksummed}`,
    `eip155:01:${checksummed}`,
    `eip155::${checksummed}`,
    `cosmos:1:${checksummed}`,
    `eip155:1:${checksummed}:x`,
  ])('refuses %j', (text) => expect(parseAccountMatch(text)).toBeUndefined())

  it('matches one chain exactly, or the address on every chain', () => {
    expect(accountIdCondition({ address: checksummed, chainId: 5 })).toEqual({
      operator: '=',
      value: `eip155:5:${checksummed}`,
    })
    expect(accountIdCondition({ address: checksummed })).toEqual({
      operator: 'like',
      value: `eip155:%:${checksummed}`,
    })
    expect(describeAccountMatch({ address: checksummed })).toBe(`${checksummed} (every chain)`)
    expect(describeAccountMatch({ address: checksummed, chainId: 5 })).toBe(`eip155:5:${checksummed}`)
  })
})
