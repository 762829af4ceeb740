import { type Anvil, startAnvil } from '@signet/devchain/anvil'
import { createPublicClient, type Hex, http, numberToHex, recoverTypedDataAddress, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoProvider, type DemoProvider, ProviderRpcError, providerErrors } from './demo-provider.ts'

/** A Storage kept in memory: the wallet's remembered state, as localStorage would keep it. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

async function rpcError(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderRpcError)
    return { code: (error as ProviderRpcError).code, message: (error as Error).message }
  }
  throw new Error('the request succeeded')
}

describe('createDemoProvider (on a real anvil chain)', () => {
  let anvil: Anvil
  let other: Anvil
  const events: [string, unknown][] = []
  let provider: DemoProvider
  const newProvider = (storage = memoryStorage()) =>
    createDemoProvider({
      accounts: anvil.accounts.slice(0, 3),
      chains: [{ id: anvil.chainId, name: 'Local chain', rpcUrls: [anvil.rpcUrl] }],
      storage,
      origin: 'http://localhost:8787',
    })

  beforeAll(async () => {
    ;[anvil, other] = await Promise.all([startAnvil(), startAnvil({ chainId: 100 })])
    provider = newProvider()
    for (const event of ['accountsChanged', 'chainChanged', 'connect'])
      provider.on(event, (value) => events.push([event, value]))
  })
  afterAll(async () => {
    await Promise.all([anvil?.stop(), other?.stop()])
  })

  it('shows no account until the site is permitted, then the selected one', async () => {
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual([])
    const permissions = (await provider.request({
      method: 'wallet_requestPermissions',
      params: [{ eth_accounts: {} }],
    })) as {
      parentCapability: string
      invoker: string
      caveats: { value: string[] }[]
    }[]
    expect(permissions[0]?.parentCapability).toBe('eth_accounts')
    expect(permissions[0]?.invoker).toBe('http://localhost:8787')
    expect(permissions[0]?.caveats[0]?.value).toEqual([anvil.accounts[0]?.address])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([anvil.accounts[0]?.address])
    expect(events).toContainEqual(['accountsChanged', [anvil.accounts[0]?.address]])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('signs personal_sign and eth_signTypedData_v4 with the selected key', async () => {
    const address = anvil.accounts[0]?.address as Hex
    const signature = (await provider.request({
      method: 'personal_sign',
      params: ['0x68656c6c6f', address],
    })) as Hex
    expect(await verifyMessage({ address, message: 'hello', signature })).toBe(true)

    const typedData = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      domain: { name: 'Signet', chainId: 31337 },
      primaryType: 'Mail',
      message: { contents: 'Hello, Bob!' },
    } as const
    const typed = (await provider.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })) as Hex
    const { EIP712Domain: _, ...types } = typedData.types
    expect(await recoverTypedDataAddress({ ...typedData, types, signature: typed })).toBe(address)
    expect(
      await rpcError(
        provider.request({ method: 'personal_sign', params: ['0x00', anvil.accounts[1]?.address] }),
      ),
    ).toMatchObject({
      code: 4100,
    })
  })

  it('signs transactions locally and sends them raw to the chain; forwards reads', async () => {
    const from = anvil.accounts[0]?.address as Hex
    const to = anvil.accounts[2]?.address as Hex
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from, to, value: numberToHex(12345n) }],
    })) as Hex
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(from.toLowerCase())
    expect(await provider.request({ method: 'eth_getTransactionByHash', params: [hash] })).toMatchObject({
      hash,
      value: '0x3039',
    })
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe(numberToHex(receipt.blockNumber))
  })

  it('sends the transaction type and access list the site asked for', async () => {
    const from = anvil.accounts[0]?.address as Hex
    const accessList = [
      { address: anvil.accounts[1]?.address as Hex, storageKeys: [`0x${'01'.repeat(32)}` as Hex] },
    ]
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const send = (fields: Record<string, unknown>) =>
      provider.request({
        method: 'eth_sendTransaction',
        params: [{ from, to: from, ...fields }],
      }) as Promise<Hex>
    const eip2930 = await client.getTransaction({
      hash: await send({ type: '0x1', gasPrice: '0x3b9aca00', accessList }),
    })
    expect(eip2930).toMatchObject({ type: 'eip2930', gasPrice: 1_000_000_000n })
    expect(eip2930.accessList?.[0]?.storageKeys).toEqual(accessList[0]?.storageKeys)
    expect((await client.getTransaction({ hash: await send({ type: '0x0' }) })).type).toBe('legacy')
    expect((await client.getTransaction({ hash: await send({ type: '0x2', accessList }) })).type).toBe(
      'eip1559',
    )
    expect(await rpcError(send({ type: '0x3' }))).toEqual({
      code: -32602,
      message: 'transaction type "0x3" is not supported',
    })
  })

  it('switches to a known chain, answers 4902 for an unknown one, and adds a chain (switching to it)', async () => {
    expect(
      await rpcError(
        provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x64' }] }),
      ),
    ).toEqual({
      code: 4902,
      message: 'Unrecognized chain ID "0x64". Try adding the chain using wallet_addEthereumChain first.',
    })
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: '0x64',
          chainName: 'Gnosis',
          rpcUrls: [other.rpcUrl],
          nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
        },
      ],
    })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x64')
    expect(events).toContainEqual(['chainChanged', '0x64'])
    // Reads now go to the added chain's node.
    expect(await provider.request({ method: 'net_version' })).toBe('100')
    expect(
      await provider.request({ method: 'eth_getBalance', params: [anvil.accounts[5]?.address, 'latest'] }),
    ).toBe(numberToHex(10_000n * 10n ** 18n))
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: numberToHex(anvil.chainId) }],
    })
    expect(provider.getState().chainId).toBe(anvil.chainId)
  })

  it('watches ERC-20 assets and refuses what it does not support', async () => {
    expect(
      await provider.request({
        method: 'wallet_watchAsset',
        params: {
          type: 'ERC20',
          options: { address: anvil.accounts[3]?.address, symbol: 'TST', decimals: 18 },
        },
      }),
    ).toBe(true)
    expect(await rpcError(provider.request({ method: 'eth_sign', params: [] }))).toMatchObject({ code: 4200 })
    expect(await rpcError(provider.request({ method: 'wallet_sendCalls', params: [] }))).toMatchObject({
      code: 4200,
    })
  })

  it('emits accountsChanged when the user picks another account or revokes the site', async () => {
    provider.selectAccount(1)
    expect(events.at(-1)).toEqual(['accountsChanged', [anvil.accounts[1]?.address]])
    provider.revokeSite()
    expect(events.at(-1)).toEqual(['accountsChanged', []])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('remembers permission, account and added chains across page loads (its storage)', async () => {
    const storage = memoryStorage()
    const first = newProvider(storage)
    await first.request({ method: 'eth_requestAccounts' })
    first.selectAccount(2)
    await first.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x64', rpcUrls: [other.rpcUrl] }],
    })
    const again = newProvider(storage)
    expect(await again.request({ method: 'eth_accounts' })).toEqual([anvil.accounts[2]?.address])
    expect(await again.request({ method: 'eth_chainId' })).toBe('0x64')
  })

  it('passes requests through middleware, which may answer with a wallet error', async () => {
    const seen: string[] = []
    const wallet = createDemoProvider({
      accounts: anvil.accounts.slice(0, 1),
      chains: [{ id: anvil.chainId, rpcUrls: [anvil.rpcUrl] }],
      middleware: [
        (request, next) => {
          seen.push(request.method)
          if (request.method === 'eth_requestAccounts') throw providerErrors.userRejected()
          return next()
        },
      ],
    })
    expect(await rpcError(wallet.request({ method: 'eth_requestAccounts' }))).toEqual({
      code: 4001,
      message: 'User rejected the request.',
    })
    expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(seen).toEqual(['eth_requestAccounts', 'eth_chainId'])
  })

  it('refuses keys that do not match their address', () => {
    expect(() =>
      createDemoProvider({
        accounts: [
          {
            address: anvil.accounts[1]?.address as string,
            privateKey: anvil.accounts[0]?.privateKey as string,
          },
        ],
        chains: [{ id: 1, rpcUrls: [] }],
      }),
    ).toThrow(/does not belong to its key/)
  })
})
