import type { components, paths } from './generated/schema.ts'
import { callGateway, type GatewayTransport } from './request.ts'
import {
  balancesSchema,
  collectiblePageSchema,
  collectiblesSchema,
  fiatCodesSchema,
} from './responses/balances.ts'
import { chainPageSchema, chainSchema, masterCopiesSchema } from './responses/chains.ts'
import { dataDecodedSchema } from './responses/data-decoded.ts'
import { delegatePageSchema } from './responses/delegates.ts'
import type { DeviceType } from './responses/enums.ts'
import { messagePageSchema, safeMessageSchema } from './responses/messages.ts'
import { safeAppsSchema } from './responses/safe-apps.ts'
import { ownedSafesSchema, safeInfoSchema, safeNoncesSchema } from './responses/safes.ts'
import {
  estimationSchema,
  historyPageSchema,
  queuedPageSchema,
  transactionDetailsSchema,
  transactionListPageSchema,
} from './responses/transactions.ts'

export const DEFAULT_GATEWAY_URL = 'https://safe-client.safe.global'
export const DEFAULT_FIAT_CODE = 'usd'
export const DEFAULT_GATEWAY_TIMEOUT_MS = 10_000

export type GatewayClientOptions = {
  /** Default `https://safe-client.safe.global`. */
  baseUrl?: string
  /** Default: the global `fetch` (browser or Node). */
  fetch?: typeof globalThis.fetch
  /** Per attempt, response body included. Default 10 000 ms. */
  timeoutMs?: number
  /** Pause before a GET is retried (twice at most). Default 100 ms. */
  retryDelayMs?: number
}

type Schemas = components['schemas']
type QueryOf<Path extends keyof paths> = paths[Path] extends { get: { parameters: { query?: infer Query } } }
  ? NonNullable<Query>
  : never

type ChainId = number | string

/** Body of `POST …/propose`, with Signet's stricter typing of the operation. */
export type ProposeTransactionBody = Schemas['ProposeTransactionDto']
export type SafeGasEstimationBody = Schemas['GetEstimationDto']
export type DecodeDataBody = Schemas['TransactionDataDto']
export type ProposeSafeMessageBody = Schemas['CreateMessageDto']
export type ConfirmSafeMessageBody = Schemas['UpdateMessageSignatureDto']
export type RegisterDeviceBody = Omit<Schemas['RegisterDeviceDto'], 'deviceType'> & { deviceType: DeviceType }

/**
 * A typed client for the Safe Client Gateway calls Signet makes (`operations.ts`). Every 2xx body is validated at the
 * boundary (`GatewayResponseError` names the call and field); failures are `GatewayHttpError`
 * (`code: message` or the status text), `GatewayTimeoutError` or `GatewayNetworkError`.
 *
 * @example
 * const gateway = createGatewayClient({ baseUrl: 'http://127.0.0.1:8788' })
 * const safe = await gateway.getSafeInfo(31337, '0x…')
 * console.log(safe.threshold, safe.owners.map((owner) => owner.value))
 */
export function createGatewayClient(options: GatewayClientOptions = {}) {
  const baseUrl = options.baseUrl ?? DEFAULT_GATEWAY_URL
  const transport: GatewayTransport = {
    baseUrl,
    // Wrapped so browsers never see `fetch` called with a foreign `this` ("Illegal invocation").
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: options.timeoutMs ?? DEFAULT_GATEWAY_TIMEOUT_MS,
    getRetries: 2,
    retryDelayMs: options.retryDelayMs ?? 100,
  }
  const safe = (chainId: ChainId, safeAddress: string) => ({ chainId, safeAddress })

  return {
    baseUrl,

    getChainsConfig: (query?: QueryOf<'/v1/chains'>) =>
      callGateway(transport, { call: 'getChainsConfig', query, response: chainPageSchema }),

    getChainConfig: (chainId: ChainId) =>
      callGateway(transport, { call: 'getChainConfig', pathParams: { chainId }, response: chainSchema }),

    getSafeInfo: (chainId: ChainId, address: string) =>
      callGateway(transport, {
        call: 'getSafeInfo',
        pathParams: safe(chainId, address),
        response: safeInfoSchema,
      }),

    getIncomingTransfers: (
      chainId: ChainId,
      address: string,
      query?: QueryOf<'/v1/chains/{chainId}/safes/{safeAddress}/incoming-transfers'>,
    ) =>
      callGateway(transport, {
        call: 'getIncomingTransfers',
        pathParams: safe(chainId, address),
        query,
        response: transactionListPageSchema,
      }),

    getModuleTransactions: (
      chainId: ChainId,
      address: string,
      query?: QueryOf<'/v1/chains/{chainId}/safes/{safeAddress}/module-transactions'>,
    ) =>
      callGateway(transport, {
        call: 'getModuleTransactions',
        pathParams: safe(chainId, address),
        query,
        response: transactionListPageSchema,
      }),

    getMultisigTransactions: (
      chainId: ChainId,
      address: string,
      query?: QueryOf<'/v1/chains/{chainId}/safes/{safeAddress}/multisig-transactions'>,
    ) =>
      callGateway(transport, {
        call: 'getMultisigTransactions',
        pathParams: safe(chainId, address),
        query,
        response: transactionListPageSchema,
      }),

    /** Balances in `currency` (default `usd`). */
    getBalances: (
      chainId: ChainId,
      address: string,
      currency: string = DEFAULT_FIAT_CODE,
      query?: QueryOf<'/v1/chains/{chainId}/safes/{safeAddress}/balances/{fiatCode}'>,
    ) =>
      callGateway(transport, {
        call: 'getBalances',
        pathParams: { ...safe(chainId, address), fiatCode: currency },
        query,
        response: balancesSchema,
      }),

    getFiatCurrencies: () => callGateway(transport, { call: 'getFiatCurrencies', response: fiatCodesSchema }),

    getOwnedSafes: (chainId: ChainId, ownerAddress: string) =>
      callGateway(transport, {
        call: 'getOwnedSafes',
        pathParams: { chainId, ownerAddress },
        response: ownedSafesSchema,
      }),

    /** The v1 list (no pages). Not in the current published schema: prefer `getCollectiblesPage`. */
    getCollectibles: (
      chainId: ChainId,
      address: string,
      query?: { trusted?: boolean; exclude_spam?: boolean },
    ) =>
      callGateway(transport, {
        call: 'getCollectibles',
        pathParams: safe(chainId, address),
        query,
        response: collectiblesSchema,
      }),

    getCollectiblesPage: (
      chainId: ChainId,
      address: string,
      query?: QueryOf<'/v2/chains/{chainId}/safes/{safeAddress}/collectibles'>,
    ) =>
      callGateway(transport, {
        call: 'getCollectiblesPage',
        pathParams: safe(chainId, address),
        query,
        response: collectiblePageSchema,
      }),

    getTransactionHistory: (
      chainId: ChainId,
      address: string,
      query?: QueryOf<'/v1/chains/{chainId}/safes/{safeAddress}/transactions/history'>,
    ) =>
      callGateway(transport, {
        call: 'getTransactionHistory',
        pathParams: safe(chainId, address),
        query,
        response: historyPageSchema,
      }),

    getTransactionQueue: (
      chainId: ChainId,
      address: string,
      query?: QueryOf<'/v1/chains/{chainId}/safes/{safeAddress}/transactions/queued'>,
    ) =>
      callGateway(transport, {
        call: 'getTransactionQueue',
        pathParams: safe(chainId, address),
        query,
        response: queuedPageSchema,
      }),

    /** `transactionId` is a gateway id (`multisig_<safe>_<safeTxHash>`) or a safeTxHash. */
    getTransactionDetails: (chainId: ChainId, transactionId: string) =>
      callGateway(transport, {
        call: 'getTransactionDetails',
        pathParams: { chainId, id: transactionId },
        response: transactionDetailsSchema,
      }),

    postSafeGasEstimation: (chainId: ChainId, address: string, body: SafeGasEstimationBody) =>
      callGateway(transport, {
        call: 'postSafeGasEstimation',
        pathParams: { chainId, address },
        body,
        response: estimationSchema,
      }),

    getNonces: (chainId: ChainId, address: string) =>
      callGateway(transport, {
        call: 'getNonces',
        pathParams: safe(chainId, address),
        response: safeNoncesSchema,
      }),

    proposeTransaction: (chainId: ChainId, address: string, body: ProposeTransactionBody) =>
      callGateway(transport, {
        call: 'proposeTransaction',
        pathParams: safe(chainId, address),
        body,
        response: transactionDetailsSchema,
      }),

    getSafeApps: (chainId: ChainId, query?: QueryOf<'/v1/chains/{chainId}/safe-apps'>) =>
      callGateway(transport, {
        call: 'getSafeApps',
        pathParams: { chainId },
        query,
        response: safeAppsSchema,
      }),

    getMasterCopies: (chainId: ChainId) =>
      callGateway(transport, {
        call: 'getMasterCopies',
        pathParams: { chainId },
        response: masterCopiesSchema,
      }),

    getDecodedData: (chainId: ChainId, body: DecodeDataBody) =>
      callGateway(transport, {
        call: 'getDecodedData',
        pathParams: { chainId },
        body,
        response: dataDecodedSchema,
      }),

    getSafeMessages: (
      chainId: ChainId,
      address: string,
      query?: QueryOf<'/v1/chains/{chainId}/safes/{safeAddress}/messages'>,
    ) =>
      callGateway(transport, {
        call: 'getSafeMessages',
        pathParams: safe(chainId, address),
        query,
        response: messagePageSchema,
      }),

    /**
     * Proposes an off-chain message with the proposer's signature. The gateway answers 202 and indexes
     * it asynchronously: read it back with `getSafeMessage(chainId, messageHash)`.
     */
    proposeSafeMessage: (chainId: ChainId, address: string, body: ProposeSafeMessageBody) =>
      callGateway(transport, {
        call: 'proposeSafeMessage',
        pathParams: safe(chainId, address),
        body,
        response: undefined,
      }),

    getSafeMessage: (chainId: ChainId, messageHash: string) =>
      callGateway(transport, {
        call: 'getSafeMessage',
        pathParams: { chainId, messageHash },
        response: safeMessageSchema,
      }),

    confirmSafeMessage: (chainId: ChainId, messageHash: string, body: ConfirmSafeMessageBody) =>
      callGateway(transport, {
        call: 'confirmSafeMessage',
        pathParams: { chainId, messageHash },
        body,
        response: undefined,
      }),

    getDelegates: (chainId: ChainId, query?: QueryOf<'/v1/chains/{chainId}/delegates'>) =>
      callGateway(transport, {
        call: 'getDelegates',
        pathParams: { chainId },
        query,
        response: delegatePageSchema,
      }),

    registerDevice: (body: RegisterDeviceBody) =>
      callGateway(transport, { call: 'registerDevice', body, response: undefined }),

    unregisterSafe: (chainId: ChainId, uuid: string, safeAddress: string) =>
      callGateway(transport, {
        call: 'unregisterSafe',
        pathParams: { chainId, uuid, safeAddress },
        response: undefined,
      }),

    unregisterDevice: (chainId: ChainId, uuid: string) =>
      callGateway(transport, {
        call: 'unregisterDevice',
        pathParams: { chainId, uuid },
        response: undefined,
      }),
  }
}

export type GatewayClient = ReturnType<typeof createGatewayClient>
