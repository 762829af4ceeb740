import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import { createSafe } from '@signet/devchain/safe'
import { deploySafeContracts } from '@signet/devchain/safe-deploy'
import { concatOwnerSignatures, signSafeMessage } from '@signet/devchain/safe-signatures'
import { type Address, concat, hashMessage, parseSignature, slice } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedPortUrl } from '../../test/rpc-counting-proxy.ts'
import { messageFile, removeMessageFiles, runCli } from '../../test/run-cli.ts'
import { formatSiweMessage } from '../siwe/format.ts'
import { usageText } from './usage.ts'

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const ownerKeys = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
] as const

/** The fields of every message below but its address; `signet parse` must print them back as they are. */
const siweFields = {
  scheme: 'https',
  domain: 'signet.example',
  statement: 'Sign in to Signet.',
  uri: 'https://signet.example/login',
  version: '1',
  chainId: 31337,
  nonce: 'cliNonce12345678',
  issuedAt: '2025-01-01T00:00:00Z',
}

function siwe(address: Address, extra: Record<string, unknown> = {}): string {
  return formatSiweMessage({ ...siweFields, address, ...extra })
}

const json = (text: string) => JSON.parse(text) as unknown

let anvil: Anvil
let safe: Address

beforeAll(async () => {
  anvil = await startAnvil()
  const deployment = await deploySafeContracts(anvil.rpcUrl, '1.4.1')
  const owners = ownerKeys.map((key) => privateKeyToAccount(key).address)
  safe = await createSafe({ rpcUrl: anvil.rpcUrl, deployment, owners, threshold: 2 })
})

afterAll(async () => {
  await anvil?.stop()
  removeMessageFiles()
})

describe('signet parse', { timeout: 120_000 }, () => {
  it('prints the fields as written and exits 0 (file, or - for stdin; one final newline ignored)', async () => {
    const optional = { expirationTime: '2030-01-01T00:00:00.5+02:00', resources: ['urn:x:y'] }
    const text = siwe(account.address, optional)
    const expected = { ...siweFields, address: account.address, ...optional }
    const fromFile = await runCli(['parse', '--message', messageFile(`${text}\n`)])
    expect(fromFile).toMatchObject({ code: 0, stderr: '' })
    expect(json(fromFile.stdout)).toStrictEqual(expected)
    const fromStdin = await runCli(['parse', '--message', '-'], { stdin: text })
    expect(fromStdin.code).toBe(0)
    expect(json(fromStdin.stdout)).toStrictEqual(expected)
  })

  it('exits 1 with a JSON error for CRLF line ends and for a non-checksummed address', async () => {
    const crlf = await runCli([
      'parse',
      '--message',
      messageFile(siwe(account.address).replaceAll('\n', '\r\n')),
    ])
    expect(crlf.code).toBe(1)
    expect(json(crlf.stdout)).toStrictEqual({
      error: {
        code: 'invalid_message',
        message: 'line 1: the message contains a carriage return; EIP-4361 lines end with LF only (no CRLF)',
      },
    })
    const lower = siwe(account.address).replace(account.address, account.address.toLowerCase())
    const lowerResult = await runCli(['parse', '--message', '-'], { stdin: lower })
    expect(lowerResult.code).toBe(1)
    expect(json(lowerResult.stdout)).toStrictEqual({
      error: { code: 'invalid_message', message: 'line 2: the address is not EIP-55 checksummed' },
    })
  })

  it('exits 2 with the usage text for bad arguments', async () => {
    const cases = [['parse'], ['parse', '--message'], ['parse', '--msg', 'x'], ['parse', 'file.txt']]
    const results = await Promise.all(cases.map((args) => runCli(args)))
    for (const [i, result] of results.entries()) {
      expect(result.code, cases[i]?.join(' ')).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr).toContain(usageText)
    }
    const missing = await runCli(['parse', '--message', '/nonexistent/message.txt'])
    expect(missing).toMatchObject({
      code: 2,
      stderr: `signet: cannot read /nonexistent/message.txt: ENOENT\n\n${usageText}`,
    })
  })
})

describe('signet verify', { timeout: 120_000 }, () => {
  it('verifies an EOA offline, with a 65-byte or an EIP-2098 64-byte signature', async () => {
    const text = siwe(account.address)
    const signature = await account.signMessage({ message: text })
    const { r, s, yParity } = parseSignature(signature)
    const compact = concat([
      r,
      `0x${((BigInt(s) | (BigInt(yParity ?? 0) << 255n)).toString(16)).padStart(64, '0')}`,
    ])
    const results = await Promise.all(
      [signature, compact].map((sig) =>
        runCli(['verify', '--message', messageFile(text), '--signature', sig]),
      ),
    )
    for (const result of results) {
      expect(result).toMatchObject({ code: 0, stderr: '' })
      expect(json(result.stdout)).toStrictEqual({
        valid: true,
        address: account.address,
        chainId: 31337,
        accountType: 'eoa',
      })
    }
  })

  it('checks domain and nonce only when given, and the time window at --time', async () => {
    const text = siwe(account.address, {
      notBefore: '2026-01-01T00:00:00Z',
      expirationTime: '2027-01-01T00:00:00Z',
    })
    const file = messageFile(text)
    const signature = await account.signMessage({ message: text })
    const run = (...extra: string[]) =>
      runCli(['verify', '--message', file, '--signature', signature, ...extra])
    const [valid, ...failures] = await Promise.all([
      run('--time', '2026-06-01T00:00:00Z', '--domain', 'signet.example', '--nonce', 'cliNonce12345678'),
      run('--time', '2026-06-01T00:00:00Z', '--domain', 'evil.example'),
      run('--time', '2026-06-01T00:00:00Z', '--nonce', 'otherNonce1234'),
      run('--time', '2025-12-31T23:59:59Z'),
      run('--time', '2027-01-01T00:00:00Z'),
    ])
    expect(valid?.code).toBe(0)
    expect(failures.map((result) => result.code)).toStrictEqual([1, 1, 1, 1])
    expect(failures.map((result) => (json(result.stdout) as { error: unknown }).error)).toStrictEqual([
      { code: 'domain_mismatch', message: 'The message is for signet.example, not evil.example.' },
      { code: 'invalid_nonce', message: 'The message nonce cliNonce12345678 is not otherNonce1234.' },
      { code: 'not_yet_valid', message: 'The message is not valid before 2026-01-01T00:00:00Z.' },
      { code: 'expired', message: 'The message expired at 2027-01-01T00:00:00Z.' },
    ])
  })

  it('refuses a version other than 1: verify says unsupported_version, parse says it is not EIP-4361', async () => {
    const text = siwe(account.address, { version: '2' })
    const file = messageFile(text)
    const signature = await account.signMessage({ message: text })
    const [verified, parsed] = await Promise.all([
      runCli(['verify', '--message', file, '--signature', signature]),
      runCli(['parse', '--message', file]),
    ])
    expect(verified.code).toBe(1)
    expect(json(verified.stdout)).toStrictEqual({
      valid: false,
      error: { code: 'unsupported_version', message: 'Version 2 is not supported; only version 1 is.' },
    })
    expect(parsed.code).toBe(1)
    expect(json(parsed.stdout)).toStrictEqual({
      error: { code: 'invalid_message', message: 'line 7: version "2" is not 1' },
    })
  })

  it('checks the time window now when --time is not given', async () => {
    const text = siwe(account.address, { expirationTime: '2001-01-01T00:00:00Z' })
    const result = await runCli([
      'verify',
      '--message',
      messageFile(text),
      '--signature',
      await account.signMessage({ message: text }),
    ])
    expect(result.code).toBe(1)
    expect(json(result.stdout)).toStrictEqual({
      valid: false,
      error: { code: 'expired', message: 'The message expired at 2001-01-01T00:00:00Z.' },
    })
  })

  it('says invalid (exit 1) for a truncated or wrong signature', async () => {
    const text = siwe(account.address)
    const file = messageFile(text)
    const signature = await account.signMessage({ message: text })
    const other = await privateKeyToAccount(ownerKeys[1]).signMessage({ message: text })
    // Cutting only v off leaves r‖s, which is itself a valid EIP-2098 signature when yParity is 0 — so the
    // truncated cases cut into s.
    const bads = [signature.slice(0, -4), signature.slice(0, -1), other]
    const results = await Promise.all(
      bads.map((bad) => runCli(['verify', '--message', file, '--signature', bad])),
    )
    for (const [i, result] of results.entries()) {
      expect(result.code, bads[i]).toBe(1)
      expect(json(result.stdout)).toStrictEqual({
        valid: false,
        error: {
          code: 'invalid_signature',
          message: `The signature does not prove ${account.address} as a key-held account (contract accounts need an RPC).`,
        },
      })
    }
  })

  it('verifies a Safe through --rpc, and reports an unreachable RPC as rpc_unavailable, exit 3 (not invalid)', async () => {
    const text = siwe(safe)
    const file = messageFile(text)
    const message = hashMessage(text)
    const signature = concatOwnerSignatures(
      await Promise.all(
        ownerKeys.map((key) => signSafeMessage(key, { safe, chainId: 31337, version: '1.4.1', message })),
      ),
    )
    const valid = await runCli(['verify', '--message', file, '--signature', signature, '--rpc', anvil.rpcUrl])
    expect(valid).toMatchObject({ code: 0, stderr: '' })
    expect(json(valid.stdout)).toStrictEqual({
      valid: true,
      address: safe,
      chainId: 31337,
      accountType: 'contract',
    })

    const overWebSocket = await runCli([
      'verify',
      '--message',
      file,
      '--signature',
      signature,
      '--rpc',
      anvil.rpcUrl.replace('http', 'ws'),
    ])
    expect(overWebSocket.code).toBe(0)
    expect(json(overWebSocket.stdout)).toMatchObject({ valid: true, accountType: 'contract' })

    const oneOwner = slice(signature, 0, 65)
    const invalid = await runCli([
      'verify',
      '--message',
      file,
      '--signature',
      oneOwner,
      '--rpc',
      anvil.rpcUrl,
    ])
    expect(invalid.code).toBe(1)
    expect(json(invalid.stdout)).toStrictEqual({
      valid: false,
      error: { code: 'invalid_signature', message: `The signature does not prove ${safe}.` },
    })

    const down = await closedPortUrl()
    const unreachable = await runCli(['verify', '--message', file, '--signature', signature, '--rpc', down])
    expect(unreachable).toMatchObject({ code: 3, stderr: '' })
    expect(json(unreachable.stdout)).toStrictEqual({
      valid: null,
      error: {
        code: 'rpc_unavailable',
        message:
          'The RPC of chain 31337 could not be reached to check the contract account (HTTP request failed.).',
      },
    })
    // Port 9 (discard) on loopback: nothing listens; a wrong signature over a dead RPC is not "invalid"
    // either — nothing could be checked.
    for (const sig of [signature, oneOwner]) {
      const dead = await runCli([
        'verify',
        '--message',
        file,
        '--signature',
        sig,
        '--rpc',
        'http://127.0.0.1:9',
      ])
      expect(dead.code).toBe(3)
      expect(json(dead.stdout)).toMatchObject({ valid: null, error: { code: 'rpc_unavailable' } })
    }
  })

  it('exits 2 with the usage text for bad or missing arguments', async () => {
    const file = messageFile(siwe(account.address))
    const cases: [string[], string][] = [
      [['verify', '--signature', '0x00'], 'verify needs --message FILE|-'],
      [['verify', '--message', file], 'verify needs --signature 0x…'],
      [['verify', '--message', file, '--signature', 'nothex'], '--signature must be 0x-prefixed hex'],
      [
        ['verify', '--message', file, '--signature', '0x00', '--time', 'tomorrow'],
        '--time tomorrow is not an ISO 8601 / RFC 3339 date-time',
      ],
      [
        ['verify', '--message', file, '--signature', '0x00', '--rpc', 'localhost:8545'],
        '--rpc localhost:8545 must be an http(s):// or ws(s):// URL',
      ],
    ]
    const results = await Promise.all(cases.map(([args]) => runCli(args)))
    for (const [i, result] of results.entries()) {
      const reason = cases[i]?.[1]
      expect(result.code, reason).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr).toBe(`signet: ${reason}\n\n${usageText}`)
    }
    const unknown = await runCli(['verify', '--message', file, '--signature', '0x00', '--chain', '1'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/^signet: Unknown option '--chain'/)
  })
})

describe('signet', { timeout: 120_000 }, () => {
  it('exits 2 for no or an unknown command and 0 for help', async () => {
    expect(await runCli([])).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: `signet: no command given\n\n${usageText}`,
    })
    expect(await runCli(['frobnicate'])).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: `signet: unknown command "frobnicate"\n\n${usageText}`,
    })
    expect(await runCli(['help'])).toStrictEqual({ code: 0, stdout: usageText, stderr: '' })
  })
})
