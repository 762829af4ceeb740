import { type DemoChain, startDemoChain } from '@signet/devchain/demo'
import { createSafe } from '@signet/devchain/safe'
import {
  approveMessageOnChain,
  concatOwnerSignatures,
  execSafeTransaction,
  readIsValidSignature,
  safeMessageHash,
  safeTransactionHash,
  signSafeMessage,
  signSafeTransaction,
} from '@signet/devchain/safe-signatures'
import { sendTransactions } from '@signet/devchain/send-transactions'
import { createGatewayClient, type GatewayClient } from '@signet/gateway/client'
import { GatewayHttpError } from '@signet/gateway/errors'
import { loadGatewaySchema } from '@signet/gateway/openapi/load-gateway-schema'
import { schemaCheckedFetch } from '@signet/gateway/openapi/schema-checked-fetch'
import { type Address, encodeFunctionData, type Hex, hashMessage, parseAbi, parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type LocalGateway, startLocalGateway } from './local-gateway.ts'
import { deployTestToken, transferToken } from './test-token.ts'

const CHAIN_ID = 31337
const changeThresholdAbi = parseAbi(['function changeThreshold(uint256 _threshold)'])
const signMessageAbi = parseAbi(['function signMessage(bytes _data)'])

let demo: DemoChain
let gateway: LocalGateway
let client: GatewayClient
const checked = schemaCheckedFetch(loadGatewaySchema())

const account = (index: number) => {
  const found = demo.anvil.accounts[index]
  if (!found) throw new Error(`no anvil account ${index}`)
  return found
}

/** A fresh 2-of-3 Safe 1.4.1 of accounts 0–2, so each test owns its state. */
async function newSafe(saltNonce: bigint): Promise<Address> {
  return createSafe({
    rpcUrl: demo.anvil.rpcUrl,
    deployment: demo.deployments['1.4.1'],
    owners: [account(0).address, account(1).address, account(2).address],
    threshold: 2,
    saltNonce,
  })
}

async function httpError(promise: Promise<unknown>): Promise<GatewayHttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(GatewayHttpError)
  return error as GatewayHttpError
}

beforeAll(async () => {
  demo = await startDemoChain()
  gateway = await startLocalGateway({
    rpcUrl: demo.anvil.rpcUrl,
    chainId: CHAIN_ID,
    deployments: demo.deployments,
  })
  client = createGatewayClient({ baseUrl: gateway.url, fetch: checked.fetch })
})

afterAll(async () => {
  await gateway?.stop()
  await demo?.stop()
})

// Every request the client made matches the schema, and every 2xx answer validates against it.
afterEach(() => {
  expect(checked.problems()).toEqual([])
})

describe('local gateway: chain and Safe info', () => {
  it('serves chain 31337 with EIP1271 among its features', async () => {
    const page = await client.getChainsConfig()
    expect(page.results.map((c) => c.chainId)).toEqual(['31337'])
    const chain = await client.getChainConfig(CHAIN_ID)
    expect(chain.features).toContain('EIP1271')
    expect(chain.nativeCurrency).toMatchObject({ symbol: 'ETH', decimals: 18 })
    expect(chain.rpcUri.value).toBe(demo.anvil.rpcUrl)
    const error = await httpError(client.getChainConfig(1))
    expect(error.message).toBe('404: Chain 1 is not supported')
  })

  it('reads the Safe from the chain: owners, threshold, nonce, version, fallback handler', async () => {
    const safe = await client.getSafeInfo(CHAIN_ID, demo.demoSafe.address)
    expect(safe.address.value).toBe(demo.demoSafe.address)
    expect(safe.owners.map((o) => o.value)).toEqual(demo.demoSafe.owners)
    expect(safe.threshold).toBe(2)
    expect(safe.nonce).toBe(0)
    expect(safe.version).toBe('1.4.1')
    expect(safe.fallbackHandler?.value).toBe(demo.deployments['1.4.1'].fallbackHandler)
    expect(safe.implementation.value).toBe(demo.deployments['1.4.1'].singleton)
    expect(safe.implementationVersionState).toBe('UP_TO_DATE')
    const masterCopies = await client.getMasterCopies(CHAIN_ID)
    expect(masterCopies).toContainEqual({ address: demo.deployments['1.4.1'].singleton, version: '1.4.1' })
    expect(masterCopies.map((m) => m.version)).toEqual(['1.3.0', '1.4.1', '1.5.0'])
  })

  it('a Safe on an older master copy is OUTDATED; an address without code is 404', async () => {
    const old = await createSafe({
      rpcUrl: demo.anvil.rpcUrl,
      deployment: demo.deployments['1.3.0'],
      owners: [account(3).address],
      threshold: 1,
    })
    const safe = await client.getSafeInfo(CHAIN_ID, old)
    expect(safe).toMatchObject({ version: '1.3.0', implementationVersionState: 'OUTDATED', threshold: 1 })
    const error = await httpError(client.getSafeInfo(CHAIN_ID, account(8).address))
    expect(error.status).toBe(404)
    expect(error.message).toBe(`404: No Safe deployed at ${account(8).address}`)
  })

  it('lists the Safes of an owner from the factories’ ProxyCreation events', async () => {
    const of0 = await client.getOwnedSafes(CHAIN_ID, account(0).address)
    expect(of0.safes).toEqual(expect.arrayContaining([demo.demoSafe.address, demo.singleOwnerSafe.address]))
    const of2 = await client.getOwnedSafes(CHAIN_ID, account(2).address.toLowerCase())
    expect(of2.safes).toContain(demo.demoSafe.address)
    expect(of2.safes).not.toContain(demo.singleOwnerSafe.address)
    expect((await client.getOwnedSafes(CHAIN_ID, account(7).address)).safes).toEqual([])
  })

  it('nonces, safe apps, delegates, module transactions and collectibles', async () => {
    expect(await client.getNonces(CHAIN_ID, demo.demoSafe.address)).toEqual({
      currentNonce: 0,
      recommendedNonce: 0,
    })
    expect(await client.getSafeApps(CHAIN_ID)).toEqual([])
    expect((await client.getDelegates(CHAIN_ID, { safe: demo.demoSafe.address })).results).toEqual([])
    expect((await client.getModuleTransactions(CHAIN_ID, demo.demoSafe.address)).results).toEqual([])
    expect((await client.getCollectiblesPage(CHAIN_ID, demo.demoSafe.address)).results).toEqual([])
    // v1 is not in the schema: called without the schema check.
    const plain = createGatewayClient({ baseUrl: gateway.url })
    expect(await plain.getCollectibles(CHAIN_ID, demo.demoSafe.address)).toEqual([])
  })
})

describe('local gateway: balances', () => {
  it('native balance from the chain, fiat codes, incoming transfers', async () => {
    const safe = await newSafe(100n)
    await sendTransactions(demo.anvil.rpcUrl, account(5).privateKey, [
      { to: safe, data: '0x', value: parseEther('1.5') },
    ])
    const balances = await client.getBalances(CHAIN_ID, safe)
    expect(balances.fiatTotal).toBe('0')
    expect(balances.items).toHaveLength(1)
    expect(balances.items[0]).toMatchObject({
      balance: '1500000000000000000',
      tokenInfo: { type: 'NATIVE_TOKEN', symbol: 'ETH', decimals: 18 },
    })
    expect(await client.getFiatCurrencies()).toEqual(['USD', 'EUR', 'GBP', 'CHF', 'JPY'])
    expect((await client.getBalances(CHAIN_ID, safe, 'eur')).items[0]?.balance).toBe('1500000000000000000')
    expect((await httpError(client.getBalances(CHAIN_ID, safe, 'xyz'))).message).toBe(
      '400: Unsupported fiat code: xyz',
    )
    // An ERC-20 the Safe received is listed with its metadata.
    const token = await deployTestToken(demo.anvil.rpcUrl, account(5).privateKey)
    await transferToken(demo.anvil.rpcUrl, account(5).privateKey, token, safe, 1234n * 10n ** 9n)
    const withToken = await client.getBalances(CHAIN_ID, safe)
    expect(withToken.items.map((item) => item.tokenInfo.type)).toEqual(['NATIVE_TOKEN', 'ERC20'])
    expect(withToken.items[1]).toMatchObject({
      balance: '1234000000000',
      tokenInfo: { type: 'ERC20', address: token, symbol: 'TT', name: 'TestToken', decimals: 18 },
    })
    const incoming = await client.getIncomingTransfers(CHAIN_ID, safe)
    expect(incoming.results).toHaveLength(1)
    const transfer = incoming.results[0]?.transaction.txInfo
    expect(transfer).toMatchObject({
      type: 'Transfer',
      direction: 'INCOMING',
      sender: { value: account(5).address },
      transferInfo: { type: 'NATIVE_COIN', value: '1500000000000000000' },
    })
  })
})

describe('local gateway: messages', () => {
  const text = 'localhost:8787 wants you to sign in with your Ethereum account'

  it('propose by owner 1 → NEEDS_CONFIRMATION; confirm by owner 2 → CONFIRMED with a signature the Safe accepts', async () => {
    const safe = demo.demoSafe.address
    const ref = { safe, chainId: CHAIN_ID, version: '1.4.1', message: hashMessage(text) }
    const messageHash = safeMessageHash(ref)
    const first = await signSafeMessage(account(0).privateKey, ref)
    expect(
      await client.proposeSafeMessage(CHAIN_ID, safe, { message: text, signature: first.signature }),
    ).toBeUndefined()

    const pending = await client.getSafeMessage(CHAIN_ID, messageHash)
    expect(pending).toMatchObject({
      messageHash,
      status: 'NEEDS_CONFIRMATION',
      message: text,
      confirmationsSubmitted: 1,
      confirmationsRequired: 2,
      proposedBy: { value: account(0).address },
      preparedSignature: null,
    })

    const second = await signSafeMessage(account(1).privateKey, ref)
    await client.confirmSafeMessage(CHAIN_ID, messageHash, { signature: second.signature })
    const confirmed = await client.getSafeMessage(CHAIN_ID, messageHash)
    expect(confirmed.status).toBe('CONFIRMED')
    expect(confirmed.confirmationsSubmitted).toBe(2)
    expect(confirmed.confirmations.map((c) => c.owner.value)).toEqual([
      account(0).address,
      account(1).address,
    ])
    expect(confirmed.preparedSignature).toBe(concatOwnerSignatures([second, first]))
    const magic = await readIsValidSignature({
      rpcUrl: demo.anvil.rpcUrl,
      safe,
      hash: hashMessage(text),
      signature: confirmed.preparedSignature as Hex,
    })
    expect(magic).toBe('0x1626ba7e')

    const page = await client.getSafeMessages(CHAIN_ID, safe)
    expect(page.results.map((item) => item.type)).toEqual(['DATE_LABEL', 'MESSAGE'])
    expect(page.results[1]).toMatchObject({ type: 'MESSAGE', messageHash, status: 'CONFIRMED' })
  })

  it('rejects a proposal not signed by an owner with 422 and a {code, message} body', async () => {
    const safe = demo.demoSafe.address
    const ref = { safe, chainId: CHAIN_ID, version: '1.4.1', message: hashMessage('not an owner') }
    const outsider = await signSafeMessage(account(6).privateKey, ref)
    const error = await httpError(
      client.proposeSafeMessage(CHAIN_ID, safe, { message: 'not an owner', signature: outsider.signature }),
    )
    expect(error.status).toBe(422)
    expect(error.body).toEqual({
      code: 422,
      message: `Signer=${account(6).address} is not an owner of Safe=${safe}`,
    })
    expect(error.message).toBe(`422: Signer=${account(6).address} is not an owner of Safe=${safe}`)

    // An owner's signature over another message recovers to some other address: rejected the same way.
    const wrong = await signSafeMessage(account(0).privateKey, {
      ...ref,
      message: hashMessage('something else'),
    })
    const mismatch = await httpError(
      client.proposeSafeMessage(CHAIN_ID, safe, { message: 'not an owner', signature: wrong.signature }),
    )
    expect(mismatch.status).toBe(422)
    expect(mismatch.message).toMatch(/^422: Signer=0x[0-9a-fA-F]{40} is not an owner of Safe=/)

    const malformed = await httpError(
      client.proposeSafeMessage(CHAIN_ID, safe, { message: 'x', signature: '0x1234' }),
    )
    expect(malformed.message).toBe('422: Signature must be 65 bytes of hex (r, s, v)')
  })

  it('checks added signatures: owners only, no duplicates, known messages', async () => {
    const safe = demo.demoSafe.address
    const text2 = 'second message'
    const ref = { safe, chainId: CHAIN_ID, version: '1.4.1', message: hashMessage(text2) }
    const messageHash = safeMessageHash(ref)
    const first = await signSafeMessage(account(2).privateKey, ref)
    await client.proposeSafeMessage(CHAIN_ID, safe, { message: text2, signature: first.signature })
    const again = await httpError(
      client.proposeSafeMessage(CHAIN_ID, safe, { message: text2, signature: first.signature }),
    )
    expect(again.message).toBe(`400: Message with hash ${messageHash} for safe ${safe} already exists`)
    const duplicate = await httpError(
      client.confirmSafeMessage(CHAIN_ID, messageHash, { signature: first.signature }),
    )
    expect(duplicate.message).toBe(`422: Signature for owner ${account(2).address} already exists`)
    const outsider = await signSafeMessage(account(6).privateKey, ref)
    const notOwner = await httpError(
      client.confirmSafeMessage(CHAIN_ID, messageHash, { signature: outsider.signature }),
    )
    expect(notOwner.message).toBe(`422: Signer=${account(6).address} is not an owner of Safe=${safe}`)
    const unknown = await httpError(client.getSafeMessage(CHAIN_ID, `0x${'00'.repeat(32)}`))
    expect(unknown.message).toBe('404: Message not found')
    expect((await client.getSafeMessage(CHAIN_ID, messageHash)).status).toBe('NEEDS_CONFIRMATION')
  })

  it('status follows the Safe’s current threshold, read at request time', async () => {
    const safe = await newSafe(200n)
    const text3 = 'threshold changes'
    const ref = { safe, chainId: CHAIN_ID, version: '1.4.1', message: hashMessage(text3) }
    const messageHash = safeMessageHash(ref)
    const first = await signSafeMessage(account(0).privateKey, ref)
    await client.proposeSafeMessage(CHAIN_ID, safe, { message: text3, signature: first.signature })
    expect((await client.getSafeMessage(CHAIN_ID, messageHash)).status).toBe('NEEDS_CONFIRMATION')

    await execSafeTransaction({
      rpcUrl: demo.anvil.rpcUrl,
      safe,
      ownerKeys: [account(0).privateKey, account(1).privateKey],
      to: safe,
      data: encodeFunctionData({ abi: changeThresholdAbi, functionName: 'changeThreshold', args: [1n] }),
    })
    const now = await client.getSafeMessage(CHAIN_ID, messageHash)
    expect(now).toMatchObject({ status: 'CONFIRMED', confirmationsRequired: 1, confirmationsSubmitted: 1 })
    expect(now.preparedSignature).toBe(first.signature)
    expect(
      await readIsValidSignature({
        rpcUrl: demo.anvil.rpcUrl,
        safe,
        hash: hashMessage(text3),
        signature: first.signature,
      }),
    ).toBe('0x1626ba7e')

    // The threshold change itself is in the history, decoded.
    const history = await client.getTransactionHistory(CHAIN_ID, safe)
    const settings = history.results.find(
      (i) => i.type === 'TRANSACTION' && i.transaction.txInfo.type === 'SettingsChange',
    )
    expect(settings).toMatchObject({
      transaction: {
        txStatus: 'SUCCESS',
        txInfo: { dataDecoded: { method: 'changeThreshold' }, settingsInfo: { type: 'CHANGE_THRESHOLD' } },
        executionInfo: { nonce: 0, confirmationsSubmitted: 2 },
      },
    })
  })
})

describe('local gateway: transactions', () => {
  it('propose, confirm, queue with conflicts, execute: status from the chain', async () => {
    const safe = await newSafe(300n)
    await sendTransactions(demo.anvil.rpcUrl, account(5).privateKey, [
      { to: safe, data: '0x', value: parseEther('1') },
    ])
    const recipient = account(7).address
    const estimation = await client.postSafeGasEstimation(CHAIN_ID, safe, {
      to: recipient,
      value: parseEther('0.1').toString(),
      data: '0x',
      operation: 0,
    })
    expect(estimation.currentNonce).toBe(0)
    expect(BigInt(estimation.safeTxGas)).toBeGreaterThan(0n)

    const ref = { safe, chainId: CHAIN_ID, version: '1.4.1' }
    const tx = { to: recipient, value: parseEther('0.1'), data: '0x' as Hex, nonce: 0n }
    const safeTxHash = safeTransactionHash({ ...ref, tx })
    const body = (sender: Address, signature: Hex, transaction = tx, hash = safeTxHash) => ({
      to: transaction.to,
      value: transaction.value.toString(),
      data: transaction.data,
      nonce: transaction.nonce.toString(),
      operation: 0 as const,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: '0x0000000000000000000000000000000000000000',
      refundReceiver: '0x0000000000000000000000000000000000000000',
      safeTxHash: hash,
      sender,
      signature,
      origin: 'Signet',
    })
    const sig0 = await signSafeTransaction(account(0).privateKey, { ...ref, tx })
    const proposed = await client.proposeTransaction(CHAIN_ID, safe, body(account(0).address, sig0.signature))
    expect(proposed).toMatchObject({
      txId: `multisig_${safe}_${safeTxHash}`,
      txStatus: 'AWAITING_CONFIRMATIONS',
      txInfo: {
        type: 'Transfer',
        direction: 'OUTGOING',
        transferInfo: { type: 'NATIVE_COIN', value: '100000000000000000' },
      },
      detailedExecutionInfo: { type: 'MULTISIG', nonce: 0, safeTxHash, confirmationsRequired: 2 },
    })
    expect(await client.getNonces(CHAIN_ID, safe)).toEqual({ currentNonce: 0, recommendedNonce: 1 })

    // A rival transaction for the same nonce.
    const rival = { to: account(8).address, value: 1n, data: '0x' as Hex, nonce: 0n }
    const rivalHash = safeTransactionHash({ ...ref, tx: rival })
    const rivalSig = await signSafeTransaction(account(2).privateKey, { ...ref, tx: rival })
    await client.proposeTransaction(
      CHAIN_ID,
      safe,
      body(account(2).address, rivalSig.signature, rival, rivalHash),
    )
    const queue = await client.getTransactionQueue(CHAIN_ID, safe)
    expect(queue.results.map((i) => (i.type === 'TRANSACTION' ? i.conflictType : i.type))).toEqual([
      'LABEL',
      'CONFLICT_HEADER',
      'HasNext',
      'End',
    ])

    const sig1 = await signSafeTransaction(account(1).privateKey, { ...ref, tx })
    const confirmed = await client.proposeTransaction(
      CHAIN_ID,
      safe,
      body(account(1).address, sig1.signature),
    )
    expect(confirmed.txStatus).toBe('AWAITING_EXECUTION')

    const executed = await execSafeTransaction({
      rpcUrl: demo.anvil.rpcUrl,
      safe,
      ownerKeys: [account(0).privateKey, account(1).privateKey],
      to: recipient,
      value: parseEther('0.1'),
    })
    expect(executed.safeTxHash).toBe(safeTxHash)
    const details = await client.getTransactionDetails(CHAIN_ID, `multisig_${safe}_${safeTxHash}`)
    expect(details).toMatchObject({ txStatus: 'SUCCESS', txHash: executed.transactionHash })
    expect(details.detailedExecutionInfo).toMatchObject({ executor: { value: account(0).address } })
    expect((await client.getTransactionDetails(CHAIN_ID, rivalHash)).txStatus).toBe('CANCELLED')
    expect((await client.getTransactionQueue(CHAIN_ID, safe)).results).toEqual([])

    const history = await client.getTransactionHistory(CHAIN_ID, safe)
    const kinds = history.results.flatMap((i) =>
      i.type === 'TRANSACTION' ? [i.transaction.txInfo.type] : [],
    )
    expect(kinds).toEqual(['Transfer', 'Transfer', 'Creation'])
    const creation = history.results.find(
      (i) => i.type === 'TRANSACTION' && i.transaction.txInfo.type === 'Creation',
    )
    expect(creation).toMatchObject({
      transaction: { txInfo: { factory: { value: demo.deployments['1.4.1'].proxyFactory } } },
    })
    const firstPage = await client.getTransactionHistory(CHAIN_ID, safe, { cursor: 'limit=2&offset=0' })
    expect(firstPage.results).toHaveLength(2)
    expect(firstPage.next).toBe(
      `${gateway.url}/v1/chains/31337/safes/${safe}/transactions/history?cursor=limit%3D2%26offset%3D2`,
    )
    const executedOnly = await client.getMultisigTransactions(CHAIN_ID, safe, { executed: true })
    expect(executedOnly.results.map((i) => i.transaction.txStatus)).toEqual(['SUCCESS'])
  })

  it('rejects proposals the transaction service would reject', async () => {
    const safe = await newSafe(400n)
    const ref = { safe, chainId: CHAIN_ID, version: '1.4.1' }
    const tx = { to: account(7).address, value: 0n, data: '0x' as Hex, nonce: 0n }
    const safeTxHash = safeTransactionHash({ ...ref, tx })
    const base = {
      to: tx.to,
      value: '0',
      data: '0x',
      nonce: '0',
      operation: 0 as const,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: '0x0000000000000000000000000000000000000000',
      safeTxHash,
      sender: account(0).address,
    }
    const wrongHash = await httpError(
      client.proposeTransaction(CHAIN_ID, safe, { ...base, safeTxHash: `0x${'12'.repeat(32)}` }),
    )
    expect(wrongHash.message).toBe(
      `422: Contract-transaction-hash=0x${'12'.repeat(32)} does not match provided contract-tx-hash=${safeTxHash}`,
    )
    const outsider = await httpError(
      client.proposeTransaction(CHAIN_ID, safe, { ...base, sender: account(6).address }),
    )
    expect(outsider.message).toBe(`422: Sender=${account(6).address} is not an owner or delegate`)
    const otherSigner = await signSafeTransaction(account(1).privateKey, { ...ref, tx })
    const mismatch = await httpError(
      client.proposeTransaction(CHAIN_ID, safe, { ...base, signature: otherSigner.signature }),
    )
    expect(mismatch.message).toBe(`422: Signer=${account(1).address} is not sender=${account(0).address}`)
    const invalid = await httpError(client.proposeTransaction(CHAIN_ID, safe, { ...base, value: '-1' }))
    expect(invalid.message).toBe('422: Validation failed: value: Expected a non-negative integer string')
  })

  it('adds owners’ confirmations as Safe{Wallet} posts them, with the transaction service’s checks', async () => {
    // The demo Safe (2 of accounts 0–2, 1.4.1), untouched by the other tests: no chain transaction needed.
    const safe = demo.demoSafe.address
    const { currentNonce } = await client.getNonces(CHAIN_ID, safe)
    const ref = { safe, chainId: CHAIN_ID, version: '1.4.1' }
    const tx = { to: account(7).address, value: 0n, data: '0x' as Hex, nonce: BigInt(currentNonce) }
    const safeTxHash = safeTransactionHash({ ...ref, tx })
    const confirm = async (hash: string, signature: Hex) => {
      const response = await checked.fetch(
        `${gateway.url}/v1/chains/${CHAIN_ID}/transactions/${hash}/confirmations`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ signature }),
        },
      )
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    }
    const sig1 = await signSafeTransaction(account(1).privateKey, { ...ref, tx })
    expect(await confirm(safeTxHash, sig1.signature)).toEqual({
      status: 404,
      body: { code: 404, message: 'Transaction not found' },
    })

    const sig0 = await signSafeTransaction(account(0).privateKey, { ...ref, tx })
    await client.proposeTransaction(CHAIN_ID, safe, {
      to: tx.to,
      value: '0',
      data: '0x',
      nonce: String(currentNonce),
      operation: 0,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: '0x0000000000000000000000000000000000000000',
      safeTxHash,
      sender: account(0).address,
      signature: sig0.signature,
    })
    const added = await confirm(safeTxHash, sig1.signature)
    expect(added.status).toBe(200)
    expect(added.body).toMatchObject({
      id: `multisig_${safe}_${safeTxHash}`,
      txStatus: 'AWAITING_EXECUTION',
      executionInfo: {
        type: 'MULTISIG',
        nonce: currentNonce,
        confirmationsRequired: 2,
        confirmationsSubmitted: 2,
      },
    })
    const details = await client.getTransactionDetails(CHAIN_ID, safeTxHash)
    expect(
      details.detailedExecutionInfo?.type === 'MULTISIG' &&
        details.detailedExecutionInfo.confirmations.map((c) => [c.signer.value, c.signature]),
    ).toEqual([
      [account(0).address, sig0.signature],
      [account(1).address, sig1.signature],
    ])

    expect(await confirm(safeTxHash, sig1.signature)).toEqual({
      status: 400,
      body: {
        code: 400,
        message: `Signer=${account(1).address} has already confirmed safe-tx-hash=${safeTxHash}`,
      },
    })
    const outsider = await signSafeTransaction(account(6).privateKey, { ...ref, tx })
    expect(await confirm(safeTxHash, outsider.signature)).toEqual({
      status: 422,
      body: { code: 422, message: `Signer=${account(6).address} is not an owner or delegate` },
    })
    expect((await confirm(safeTxHash, '0x1234')).body).toEqual({
      code: 422,
      message: 'Signature must be 65 bytes of hex (r, s, v)',
    })
  })

  it('decodes the contracts it knows; an on-chain SignMessageLib call shows decoded and trusted', async () => {
    const signMessageLib = demo.deployments['1.4.1'].signMessageLib as Address
    const data = encodeFunctionData({ abi: signMessageAbi, functionName: 'signMessage', args: ['0x1234'] })
    expect(await client.getDecodedData(CHAIN_ID, { data, to: signMessageLib })).toEqual({
      method: 'signMessage',
      parameters: [{ name: '_data', type: 'bytes', value: '0x1234' }],
      accuracy: 'FULL_MATCH',
    })
    expect((await httpError(client.getDecodedData(CHAIN_ID, { data: '0xdeadbeef' }))).status).toBe(404)

    const safe = await newSafe(500n)
    const { safeTxHash } = await approveMessageOnChain({
      rpcUrl: demo.anvil.rpcUrl,
      safe,
      deployment: demo.deployments['1.4.1'],
      ownerKeys: [account(0).privateKey, account(2).privateKey],
      messageHash: hashMessage('on-chain sign-in'),
    })
    const details = await client.getTransactionDetails(CHAIN_ID, `multisig_${safe}_${safeTxHash}`)
    expect(details).toMatchObject({
      txStatus: 'SUCCESS',
      txInfo: { type: 'Custom', methodName: 'signMessage', to: { value: signMessageLib } },
      txData: { operation: 1, trustedDelegateCallTarget: true, dataDecoded: { method: 'signMessage' } },
    })
    expect(details.detailedExecutionInfo).toMatchObject({
      // As signed on chain: ascending owner order.
      confirmations: [{ signer: { value: account(2).address } }, { signer: { value: account(0).address } }],
    })
  })

  it('finds an executed transaction by its bare safeTxHash though it was never proposed here', async () => {
    // 1.4.1 indexes the safeTxHash in the execution event; 1.3.0 has it in the data.
    for (const [version, saltNonce] of [
      ['1.4.1', 600n],
      ['1.3.0', 601n],
    ] as const) {
      const safe = await createSafe({
        rpcUrl: demo.anvil.rpcUrl,
        deployment: demo.deployments[version],
        owners: [account(0).address, account(1).address, account(2).address],
        threshold: 2,
        saltNonce,
      })
      const executed = await execSafeTransaction({
        rpcUrl: demo.anvil.rpcUrl,
        safe,
        ownerKeys: [account(0).privateKey, account(1).privateKey],
        to: account(7).address,
      })
      const details = await client.getTransactionDetails(CHAIN_ID, executed.safeTxHash)
      expect(details).toMatchObject({
        safeAddress: safe,
        txId: `multisig_${safe}_${executed.safeTxHash}`,
        txStatus: 'SUCCESS',
        txHash: executed.transactionHash,
      })
    }
    // A chain transaction hash is no safeTxHash: 404, as the gateway answers.
    const { transactionHash } = await execSafeTransaction({
      rpcUrl: demo.anvil.rpcUrl,
      safe: await newSafe(602n),
      ownerKeys: [account(0).privateKey, account(1).privateKey],
      to: account(7).address,
    })
    const unknown = await httpError(client.getTransactionDetails(CHAIN_ID, transactionHash))
    expect([unknown.status, unknown.message]).toEqual([404, '404: Transaction not found'])
  })
})

describe('local gateway: notifications, CORS, unknown routes', () => {
  const uuid = '550e8400-e29b-41d4-a716-446655440000'

  it('registers and unregisters a device', async () => {
    const safe = demo.demoSafe.address
    await client.registerDevice({
      uuid,
      cloudMessagingToken: 'token',
      buildNumber: '1',
      bundle: 'signet',
      deviceType: 'WEB',
      version: '1.0.0',
      safeRegistrations: [{ chainId: '31337', safes: [safe], signatures: [] }],
    })
    await client.unregisterSafe(CHAIN_ID, uuid, safe)
    await client.unregisterDevice(CHAIN_ID, uuid)
    const other = await httpError(
      client.registerDevice({
        cloudMessagingToken: 't',
        buildNumber: '1',
        bundle: 'b',
        deviceType: 'IOS',
        version: '1',
        safeRegistrations: [{ chainId: '1', safes: [safe], signatures: [] }],
      }),
    )
    expect(other.message).toBe('400: Chain 1 is not supported')
  })

  it('answers any origin (the browser app calls it cross-origin)', async () => {
    const simple = await fetch(`${gateway.url}/v1/chains/31337`, {
      headers: { origin: 'http://localhost:5173' },
    })
    expect(simple.headers.get('access-control-allow-origin')).toBe('*')
    const preflight = await fetch(`${gateway.url}/v1/chains/31337/safes/${demo.demoSafe.address}/messages`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type')
  })

  it('an unknown route is a 404 without a gateway code: the client shows the status text', async () => {
    const response = await fetch(`${gateway.url}/v1/nothing-here`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      statusCode: 404,
      message: 'Cannot GET /v1/nothing-here',
      error: 'Not Found',
    })
  })
})
