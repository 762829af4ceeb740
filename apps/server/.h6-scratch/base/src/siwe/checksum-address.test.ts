import { checksumAddress } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { isChecksumAddress, toChecksumAddress } from './checksum-address.ts'

describe('EIP-55 checksum', () => {
  it('matches viem for random addresses', () => {
    for (let i = 0; i < 50; i++) {
      const address = privateKeyToAddress(generatePrivateKey())
      expect(toChecksumAddress(address.toLowerCase())).toBe(checksumAddress(address))
      expect(isChecksumAddress(address)).toBe(true)
      expect(isChecksumAddress(address.toLowerCase())).toBe(
        /[a-f]/.test(address.slice(2).toLowerCase()) === false,
      )
    }
  })

  it('matches the EIP-55 examples', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(isChecksumAddress(address)).toBe(true)
      expect(isChecksumAddress(address.toLowerCase())).toBe(false)
    }
  })
})
