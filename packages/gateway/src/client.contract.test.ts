import { describe, expect, it } from 'vitest'
import { createGatewayClient, type GatewayClient } from './client.ts'
import { GatewayResponseError } from './errors.ts'
import { checkRequest, checkResponse, ExchangeCheckError } from './openapi/exchange-check.ts'
import { loadGatewaySchema } from './openapi/load-gateway-schema.ts'
import { checkAgainstSchema } from './openapi/schema-check.ts'
import { type GatewayCallName, gatewayOperations, operationsMissingFromSchema } from './operations.ts'
import { recordingFetch } from './recording-fetch.ts'
import * as sample from './sample-responses.ts'

const doc = loadGatewaySchema()
const BASE = 'https://gateway.test'
const { SAFE, OWNER_1, OWNER_2, MESSAGE_HASH, SIGNATURE_1, TOKEN } = sample

type ContractCase = {
  call: GatewayCallName
  invoke: (client: GatewayClient) => Promise<unknown>
  /** Expected URL path and query (the body is checked against the schema and compared too). */
  path: string
  query?: Record<string, string>
  body?: unknown
  status: number
  response?: unknown
  /** A response the schema rejects, and the field the client must name. */
  malformed?: { response: unknown; field: string }
}

const proposal = {
  to: TOKEN,
  value: '0',
  data: '0xa9059cbb',
  nonce: '3',
  operation: 0,
  safeTxGas: '0',
  baseGas: '0',
  gasPrice: '0',
  gasToken: sample.ZERO,
  refundReceiver: sample.ZERO,
  safeTxHash: sample.SAFE_TX_HASH,
  sender: OWNER_1,
  signature: SIGNATURE_1,
  origin: 'Signet',
} as const

const cases: ContractCase[] = [
  {
    call: 'getChainsConfig',
    invoke: (c) => c.getChainsConfig({ cursor: 'limit=10&offset=10' }),
    path: '/v1/chains',
    query: { cursor: 'limit=10&offset=10' },
    status: 200,
    response: sample.chainPage,
    malformed: { response: { results: [{ ...sample.chain, chainId: 31337 }] }, field: 'results[0].chainId' },
  },
  {
    call: 'getChainConfig',
    invoke: (c) => c.getChainConfig(31337),
    path: '/v1/chains/31337',
    status: 200,
    response: sample.chain,
    malformed: { response: { ...sample.chain, features: 'EIP1271' }, field: 'features' },
  },
  {
    call: 'getSafeInfo',
    invoke: (c) => c.getSafeInfo(31337, SAFE),
    path: `/v1/chains/31337/safes/${SAFE}`,
    status: 200,
    response: sample.safeInfo,
    malformed: { response: { ...sample.safeInfo, owners: [{ value: 1 }] }, field: 'owners[0].value' },
  },
  {
    call: 'getIncomingTransfers',
    invoke: (c) => c.getIncomingTransfers(31337, SAFE, { trusted: true, token_address: TOKEN }),
    path: `/v1/chains/31337/safes/${SAFE}/incoming-transfers`,
    query: { trusted: 'true', token_address: TOKEN },
    status: 200,
    response: sample.incomingTransfersPage,
    malformed: { response: { count: 0 }, field: 'results' },
  },
  {
    call: 'getModuleTransactions',
    invoke: (c) => c.getModuleTransactions(31337, SAFE, { module: OWNER_1 }),
    path: `/v1/chains/31337/safes/${SAFE}/module-transactions`,
    query: { module: OWNER_1 },
    status: 200,
    response: sample.moduleTransactionsPage,
    malformed: {
      response: { results: [{ type: 'TRANSACTION', conflictType: 'None', transaction: { id: 'x' } }] },
      field: 'results[0].transaction.timestamp',
    },
  },
  {
    call: 'getMultisigTransactions',
    invoke: (c) => c.getMultisigTransactions(31337, SAFE, { executed: false, nonce: '3' }),
    path: `/v1/chains/31337/safes/${SAFE}/multisig-transactions`,
    query: { executed: 'false', nonce: '3' },
    status: 200,
    response: sample.multisigTransactionsPage,
    malformed: {
      response: {
        results: [
          {
            type: 'TRANSACTION',
            conflictType: 'None',
            transaction: { ...sample.transferTransaction, txStatus: 'PENDING' },
          },
        ],
      },
      field: 'results[0].transaction.txStatus',
    },
  },
  {
    call: 'getBalances',
    invoke: (c) => c.getBalances(31337, SAFE),
    path: `/v1/chains/31337/safes/${SAFE}/balances/usd`,
    status: 200,
    response: sample.balances,
    malformed: {
      response: { fiatTotal: '0', items: [{ ...sample.balances.items[0], balance: 1 }] },
      field: 'items[0].balance',
    },
  },
  {
    call: 'getBalances',
    invoke: (c) => c.getBalances(31337, SAFE, 'eur', { trusted: false, exclude_spam: true }),
    path: `/v1/chains/31337/safes/${SAFE}/balances/eur`,
    query: { trusted: 'false', exclude_spam: 'true' },
    status: 200,
    response: sample.balances,
  },
  {
    call: 'getFiatCurrencies',
    invoke: (c) => c.getFiatCurrencies(),
    path: '/v1/balances/supported-fiat-codes',
    status: 200,
    response: sample.fiatCodes,
    malformed: { response: ['USD', 2], field: '[1]' },
  },
  {
    call: 'getOwnedSafes',
    invoke: (c) => c.getOwnedSafes(31337, OWNER_1),
    path: `/v1/chains/31337/owners/${OWNER_1}/safes`,
    status: 200,
    response: sample.ownedSafes,
    malformed: { response: { safes: 'none' }, field: 'safes' },
  },
  {
    call: 'getCollectiblesPage',
    invoke: (c) => c.getCollectiblesPage(31337, SAFE, { exclude_spam: true }),
    path: `/v2/chains/31337/safes/${SAFE}/collectibles`,
    query: { exclude_spam: 'true' },
    status: 200,
    response: sample.collectiblePage,
    malformed: { response: { results: [{ ...sample.collectible, id: undefined }] }, field: 'results[0].id' },
  },
  {
    call: 'getTransactionHistory',
    invoke: (c) => c.getTransactionHistory(31337, SAFE, { cursor: 'limit=20&offset=20', timezone: 'UTC' }),
    path: `/v1/chains/31337/safes/${SAFE}/transactions/history`,
    query: { cursor: 'limit=20&offset=20', timezone: 'UTC' },
    status: 200,
    response: sample.historyPage,
    malformed: { response: { results: [{ type: 'DATE_LABEL' }] }, field: 'results[0].timestamp' },
  },
  {
    call: 'getTransactionQueue',
    invoke: (c) => c.getTransactionQueue(31337, SAFE, { trusted: true }),
    path: `/v1/chains/31337/safes/${SAFE}/transactions/queued`,
    query: { trusted: 'true' },
    status: 200,
    response: sample.queuedPage,
    malformed: {
      response: { results: [{ type: 'CONFLICT_HEADER', nonce: '3' }] },
      field: 'results[0].nonce',
    },
  },
  {
    call: 'getTransactionDetails',
    invoke: (c) => c.getTransactionDetails(31337, sample.transferTransaction.id),
    path: `/v1/chains/31337/transactions/${sample.transferTransaction.id}`,
    status: 200,
    response: sample.transactionDetails,
    malformed: {
      response: { ...sample.transactionDetails, txInfo: { type: 'Teleport' } },
      field: 'txInfo.type',
    },
  },
  {
    call: 'postSafeGasEstimation',
    invoke: (c) => c.postSafeGasEstimation(31337, SAFE, { to: TOKEN, value: '0', data: '0x', operation: 0 }),
    path: `/v2/chains/31337/safes/${SAFE}/multisig-transactions/estimations`,
    body: { to: TOKEN, value: '0', data: '0x', operation: 0 },
    status: 200,
    response: sample.estimation,
    malformed: { response: { ...sample.estimation, safeTxGas: 0 }, field: 'safeTxGas' },
  },
  {
    call: 'getNonces',
    invoke: (c) => c.getNonces(31337, SAFE),
    path: `/v1/chains/31337/safes/${SAFE}/nonces`,
    status: 200,
    response: sample.nonces,
    malformed: { response: { currentNonce: 3 }, field: 'recommendedNonce' },
  },
  {
    call: 'proposeTransaction',
    invoke: (c) => c.proposeTransaction(31337, SAFE, proposal),
    path: `/v1/chains/31337/transactions/${SAFE}/propose`,
    body: proposal,
    status: 200,
    response: sample.transactionDetails,
    malformed: { response: { ...sample.transactionDetails, txId: null }, field: 'txId' },
  },
  {
    call: 'getSafeApps',
    invoke: (c) => c.getSafeApps(31337, { url: 'https://signet.example' }),
    path: '/v1/chains/31337/safe-apps',
    query: { url: 'https://signet.example' },
    status: 200,
    response: sample.safeApps,
    malformed: { response: [{ ...sample.safeApps[0], chainIds: [31337] }], field: '[0].chainIds[0]' },
  },
  {
    call: 'getMasterCopies',
    invoke: (c) => c.getMasterCopies(31337),
    path: '/v1/chains/31337/about/master-copies',
    status: 200,
    response: sample.masterCopies,
    malformed: { response: [{ address: sample.ZERO }], field: '[0].version' },
  },
  {
    call: 'getDecodedData',
    invoke: (c) => c.getDecodedData(31337, { data: '0x85a5affe', to: TOKEN }),
    path: '/v1/chains/31337/data-decoder',
    body: { data: '0x85a5affe', to: TOKEN },
    status: 200,
    response: sample.dataDecoded,
    malformed: { response: { parameters: [] }, field: 'method' },
  },
  {
    call: 'getSafeMessages',
    invoke: (c) => c.getSafeMessages(31337, SAFE, { cursor: 'limit=5&offset=0' }),
    path: `/v1/chains/31337/safes/${SAFE}/messages`,
    query: { cursor: 'limit=5&offset=0' },
    status: 200,
    response: sample.messagePage,
    malformed: {
      response: { results: [{ ...sample.messagePage.results[1], confirmationsSubmitted: '2' }] },
      field: 'results[0].confirmationsSubmitted',
    },
  },
  {
    call: 'proposeSafeMessage',
    invoke: (c) =>
      c.proposeSafeMessage(31337, SAFE, { message: 'hello', signature: SIGNATURE_1, origin: 'Signet' }),
    path: `/v1/chains/31337/safes/${SAFE}/messages`,
    body: { message: 'hello', signature: SIGNATURE_1, origin: 'Signet' },
    status: 202,
  },
  {
    call: 'getSafeMessage',
    invoke: (c) => c.getSafeMessage(31337, MESSAGE_HASH),
    path: `/v1/chains/31337/messages/${MESSAGE_HASH}`,
    status: 200,
    response: sample.message,
    malformed: { response: { ...sample.message, status: 'PENDING' }, field: 'status' },
  },
  {
    call: 'confirmSafeMessage',
    invoke: (c) => c.confirmSafeMessage(31337, MESSAGE_HASH, { signature: sample.SIGNATURE_2 }),
    path: `/v1/chains/31337/messages/${MESSAGE_HASH}/signatures`,
    body: { signature: sample.SIGNATURE_2 },
    status: 200,
  },
  {
    call: 'getDelegates',
    invoke: (c) => c.getDelegates(31337, { safe: SAFE, delegator: OWNER_1 }),
    path: '/v1/chains/31337/delegates',
    query: { safe: SAFE, delegator: OWNER_1 },
    status: 200,
    response: sample.delegatePage,
    malformed: {
      response: { results: [{ delegate: OWNER_2, delegator: OWNER_1 }] },
      field: 'results[0].label',
    },
  },
  {
    call: 'registerDevice',
    invoke: (c) =>
      c.registerDevice({
        uuid: '550e8400-e29b-41d4-a716-446655440000',
        cloudMessagingToken: 'token',
        buildNumber: '1',
        bundle: 'signet',
        deviceType: 'WEB',
        version: '1.0.0',
        timestamp: '1700000000',
        safeRegistrations: [{ chainId: '31337', safes: [SAFE], signatures: [SIGNATURE_1] }],
      }),
    path: '/v1/register/notifications',
    body: {
      uuid: '550e8400-e29b-41d4-a716-446655440000',
      cloudMessagingToken: 'token',
      buildNumber: '1',
      bundle: 'signet',
      deviceType: 'WEB',
      version: '1.0.0',
      timestamp: '1700000000',
      safeRegistrations: [{ chainId: '31337', safes: [SAFE], signatures: [SIGNATURE_1] }],
    },
    status: 200,
  },
  {
    call: 'unregisterSafe',
    invoke: (c) => c.unregisterSafe(31337, '550e8400-e29b-41d4-a716-446655440000', SAFE),
    path: `/v1/chains/31337/notifications/devices/550e8400-e29b-41d4-a716-446655440000/safes/${SAFE}`,
    status: 204,
  },
  {
    call: 'unregisterDevice',
    invoke: (c) => c.unregisterDevice(31337, '550e8400-e29b-41d4-a716-446655440000'),
    path: '/v1/chains/31337/notifications/devices/550e8400-e29b-41d4-a716-446655440000',
    status: 204,
  },
]

describe('gateway client contract with the published schema', () => {
  it('covers every call Signet makes that the schema publishes', () => {
    const covered = new Set(cases.map((c) => c.call))
    const expected = Object.keys(gatewayOperations).filter(
      (name) => !operationsMissingFromSchema.includes(name as GatewayCallName),
    )
    expect([...covered].sort()).toEqual(expected.sort())
  })

  describe.each(cases)('$call → $path', (contract) => {
    it('sends the method, path, query and body the schema declares', async () => {
      const { fetch, requests } = recordingFetch({ status: contract.status, body: contract.response })
      await contract.invoke(createGatewayClient({ baseUrl: BASE, fetch }))
      expect(requests).toHaveLength(1)
      const [request] = requests
      if (!request) throw new Error('no request')
      const operation = gatewayOperations[contract.call]
      expect(request.method).toBe(operation.method)
      const url = new URL(request.url)
      expect(url.origin).toBe(BASE)
      expect(url.pathname).toBe(contract.path)
      expect(Object.fromEntries(url.searchParams)).toEqual(contract.query ?? {})
      expect(request.body).toEqual(contract.body)
      if (contract.body !== undefined) expect(request.headers['content-type']).toBe('application/json')
      const checked = checkRequest(doc, request)
      expect(checked.template).toBe(operation.path)
    })

    it('reads a schema-shaped response', async () => {
      expect(
        checkResponse(doc, {
          method: gatewayOperations[contract.call].method,
          template: gatewayOperations[contract.call].path,
          status: contract.status,
          body: contract.response,
        }),
      ).toEqual([])
      const { fetch } = recordingFetch({ status: contract.status, body: contract.response })
      const result = await contract.invoke(createGatewayClient({ baseUrl: BASE, fetch }))
      if (contract.response === undefined) {
        expect(result).toBeUndefined()
      } else {
        expect(result).toBeDefined()
        // What the client returns is what the gateway sent, minus fields Signet does not read
        // (and with gas price types in Signet's upper-case spelling).
        const sent = JSON.parse(
          JSON.stringify(contract.response).replace(
            /"type":"(oracle|fixed|fixed1559)"/g,
            (_, t: string) => `"type":"${t.toUpperCase()}"`,
          ),
        )
        expect(sent).toMatchObject(result as object)
      }
    })
  })

  describe.each(cases.filter((contract) => contract.malformed))('$call', (contract) => {
    it('rejects a malformed response naming the call and field', async () => {
      const malformed = contract.malformed
      if (!malformed) throw new Error('filtered above')
      const operation = gatewayOperations[contract.call]
      const issues = checkResponse(doc, {
        method: operation.method,
        template: operation.path,
        status: contract.status,
        body: malformed.response,
      })
      expect(issues.length).toBeGreaterThan(0)
      const { fetch } = recordingFetch({ status: contract.status, body: malformed.response })
      const error = await contract
        .invoke(createGatewayClient({ baseUrl: BASE, fetch }))
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(GatewayResponseError)
      const responseError = error as GatewayResponseError
      expect(responseError.code).toBe('GATEWAY_RESPONSE_INVALID')
      expect(responseError.call).toBe(contract.call)
      expect(responseError.field).toBe(malformed.field)
      expect(responseError.message).toContain(`response to ${contract.call}: ${malformed.field}: `)
    })
  })

  it('normalises the chain gas price types to ORACLE, FIXED, FIXED1559 and UNKNOWN', async () => {
    const body = { ...sample.chain, gasPrice: [...sample.chain.gasPrice, { type: 'auction', floor: '1' }] }
    const { fetch } = recordingFetch({ status: 200, body })
    const chain = await createGatewayClient({ baseUrl: BASE, fetch }).getChainConfig('31337')
    expect(chain.gasPrice.map((price) => price.type)).toEqual(['FIXED1559', 'ORACLE', 'FIXED', 'UNKNOWN'])
    expect(chain.features).toContain('EIP1271')
    expect(chain.nativeCurrency.symbol).toBe('ETH')
  })

  it('encodes path parameters', async () => {
    const { fetch, requests } = recordingFetch({ status: 200, body: sample.transactionDetails })
    await createGatewayClient({ baseUrl: `${BASE}/`, fetch }).getTransactionDetails(1, 'a/b c')
    expect(requests[0]?.url).toBe(`${BASE}/v1/chains/1/transactions/a%2Fb%20c`)
  })

  it('the request check rejects a body the schema does not accept (it is not vacuous)', () => {
    expect(() =>
      checkRequest(doc, {
        method: 'POST',
        url: `${BASE}/v1/chains/1/safes/${SAFE}/messages`,
        body: { message: 'hello' },
      }),
    ).toThrow(/request body: \$\.signature is missing/)
    expect(() =>
      checkRequest(doc, { method: 'GET', url: `${BASE}/v1/chains/1/safes/${SAFE}/nonces?limit=1` }),
    ).toThrow(/query parameter limit is not declared/)
    expect(() => checkRequest(doc, { method: 'PUT', url: `${BASE}/v1/chains/1` })).toThrow(ExchangeCheckError)
  })

  it('v1 collectibles: sent as Signet lists it, although the schema snapshot no longer has it', async () => {
    const { fetch, requests } = recordingFetch({ status: 200, body: sample.collectibles })
    const result = await createGatewayClient({ baseUrl: BASE, fetch }).getCollectibles(31337, SAFE, {
      trusted: true,
    })
    expect(requests[0]?.url).toBe(`${BASE}/v1/chains/31337/safes/${SAFE}/collectibles?trusted=true`)
    expect(() => checkRequest(doc, requests[0] as { method: string; url: string })).toThrow(
      /is not an operation of the schema/,
    )
    // Its items are the schema's Collectible (the v2 page items).
    const collectibleSchema = { $ref: '#/components/schemas/Collectible' }
    for (const item of sample.collectibles)
      expect(checkAgainstSchema(doc, collectibleSchema, item)).toEqual([])
    expect(result).toEqual(sample.collectibles)
  })
})
