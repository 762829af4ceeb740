import { safeTransactionHash } from '@signet/devchain/safe-signatures'
import {
  type Address,
  getAddress,
  type Hex,
  hexToNumber,
  isAddressEqual,
  type PublicClient,
  sliceHex,
} from 'viem'
import { decodeCalldata } from './data-decoder.ts'
import type { GatewayStore, ProposedTransaction } from './gateway-store.ts'
import { badRequest, notFound, unprocessable } from './local-gateway-error.ts'
import { utcDayStart } from './messages.ts'
import {
  findExecutingSafe,
  type OnChainExecution,
  readExecutions,
  readIncomingNativeTransfers,
  readSafeCreation,
  type SafeTxParams,
} from './safe-history.ts'
import { isOwner, readSafeState, type SafeState } from './safe-state.ts'
import { recoverSafeSigner, splitSignatures } from './signature-recovery.ts'
import { addressInfo, transactionInfo } from './transaction-info.ts'

export type TransactionsContext = {
  client: PublicClient
  store: GatewayStore
  chainId: number
  /** Proxy factories whose ProxyCreation events identify Safes and their creation. */
  factories: Address[]
  /** Delegate-call targets the gateway vouches for (SignMessageLib, MultiSend…). */
  trustedDelegateCallTargets: Address[]
}

/** A Safe transaction as the gateway sees it: proposed here and/or executed on chain. */
type MultisigRecord = {
  safe: Address
  safeTxHash: Hex
  nonce: number
  params: SafeTxParams
  confirmations: { signer: Address; signature: Hex | null; submittedAt: number }[]
  submittedAt: number
  proposer: Address | null
  execution?: OnChainExecution
}

type TxStatus = 'SUCCESS' | 'FAILED' | 'CANCELLED' | 'AWAITING_CONFIRMATIONS' | 'AWAITING_EXECUTION'

const multisigId = (safe: Address, safeTxHash: Hex) => `multisig_${safe}_${safeTxHash}`

/** Owners behind the signatures of an executed transaction (v 0/1 name the owner in r). */
async function signersOf(safeTxHash: Hex, signatures: Hex | undefined, submittedAt: number) {
  const confirmations: MultisigRecord['confirmations'] = []
  for (const signature of splitSignatures(signatures ?? '0x')) {
    const v = hexToNumber(sliceHex(signature, 64, 65))
    if (v === 0 || v === 1) {
      confirmations.push({ signer: getAddress(sliceHex(signature, 12, 32)), signature, submittedAt })
      continue
    }
    try {
      confirmations.push({ signer: await recoverSafeSigner(safeTxHash, signature), signature, submittedAt })
    } catch {
      break // the dynamic part of a contract signature follows; no more 65-byte owner signatures
    }
  }
  return confirmations
}

function fromProposal(tx: ProposedTransaction): MultisigRecord {
  const { safe, safeTxHash, nonce, submittedAt, proposer } = tx
  const params: SafeTxParams = {
    to: tx.to,
    value: tx.value,
    data: tx.data,
    operation: tx.operation,
    safeTxGas: tx.safeTxGas,
    baseGas: tx.baseGas,
    gasPrice: tx.gasPrice,
    gasToken: tx.gasToken,
    refundReceiver: tx.refundReceiver,
  }
  return { safe, safeTxHash, nonce, params, confirmations: [...tx.confirmations], submittedAt, proposer }
}

/** Proposals merged with what the chain executed (executions not proposed here included when decodable). */
async function readMultisigRecords(context: TransactionsContext, safe: Address): Promise<MultisigRecord[]> {
  const executions = await readExecutions(context.client, safe)
  const byHash = new Map(executions.map((e) => [e.safeTxHash.toLowerCase(), e]))
  const records = context.store.transactionsOf(safe).map((tx) => {
    const record = fromProposal(tx)
    record.execution = byHash.get(tx.safeTxHash.toLowerCase())
    return record
  })
  const known = new Set(records.map((r) => r.safeTxHash.toLowerCase()))
  for (const execution of executions) {
    if (known.has(execution.safeTxHash.toLowerCase()) || !execution.params) continue
    records.push({
      safe,
      safeTxHash: execution.safeTxHash,
      nonce: execution.nonce,
      params: execution.params,
      confirmations: await signersOf(execution.safeTxHash, execution.signatures, execution.executedAt),
      submittedAt: execution.executedAt,
      proposer: null,
      execution,
    })
  }
  return records
}

function statusOf(record: MultisigRecord, state: SafeState): TxStatus {
  if (record.execution) return record.execution.success ? 'SUCCESS' : 'FAILED'
  if (record.nonce < state.nonce) return 'CANCELLED' // another transaction used the nonce
  return record.confirmations.length >= state.threshold ? 'AWAITING_EXECUTION' : 'AWAITING_CONFIRMATIONS'
}

async function summaryOf(context: TransactionsContext, record: MultisigRecord, state: SafeState) {
  const txStatus = statusOf(record, state)
  const confirmed = new Set(record.confirmations.map((c) => c.signer.toLowerCase()))
  return {
    id: multisigId(record.safe, record.safeTxHash),
    timestamp: record.execution?.executedAt ?? record.submittedAt,
    txStatus,
    txInfo: await transactionInfo(context.client, record.safe, record.params),
    txHash: record.execution?.transactionHash ?? null,
    executionInfo: {
      type: 'MULTISIG' as const,
      nonce: record.nonce,
      confirmationsRequired: state.threshold,
      confirmationsSubmitted: record.confirmations.length,
      missingSigners:
        txStatus === 'AWAITING_CONFIRMATIONS'
          ? state.owners.filter((o) => !confirmed.has(o.toLowerCase())).map(addressInfo)
          : null,
    },
    safeAppInfo: null,
  }
}

type Summary = Awaited<ReturnType<typeof summaryOf>>

async function detailsOf(context: TransactionsContext, record: MultisigRecord, state: SafeState) {
  const summary = await summaryOf(context, record, state)
  const { params } = record
  const dataDecoded = params.data !== '0x' ? (decodeCalldata(params.data) ?? null) : null
  return {
    safeAddress: record.safe,
    txId: summary.id,
    executedAt: record.execution?.executedAt ?? null,
    txStatus: summary.txStatus,
    txInfo: summary.txInfo,
    txData: {
      hexData: params.data === '0x' ? null : params.data,
      dataDecoded,
      to: addressInfo(params.to),
      value: params.value.toString(),
      operation: params.operation,
      trustedDelegateCallTarget:
        params.operation === 1
          ? context.trustedDelegateCallTargets.some((t) => isAddressEqual(t, params.to))
          : null,
      addressInfoIndex: null,
      tokenInfoIndex: null,
    },
    txHash: summary.txHash,
    detailedExecutionInfo: {
      type: 'MULTISIG' as const,
      submittedAt: record.submittedAt,
      nonce: record.nonce,
      safeTxGas: params.safeTxGas.toString(),
      baseGas: params.baseGas.toString(),
      gasPrice: params.gasPrice.toString(),
      gasToken: params.gasToken,
      fee: (record.execution?.fee ?? 0n).toString(),
      payment: '0',
      refundReceiver: addressInfo(params.refundReceiver),
      safeTxHash: record.safeTxHash,
      executor: record.execution ? addressInfo(record.execution.executor) : null,
      signers: state.owners.map(addressInfo),
      confirmationsRequired: state.threshold,
      confirmations: record.confirmations.map((c) => ({
        signer: addressInfo(c.signer),
        signature: c.signature,
        submittedAt: c.submittedAt,
      })),
      rejectors: [],
      gasTokenInfo: null,
      trusted: true,
      proposer: record.proposer ? addressInfo(record.proposer) : null,
      proposedByDelegate: null,
    },
    safeAppInfo: null,
    note: null,
  }
}

type Item = {
  type: 'TRANSACTION'
  transaction: Summary | Record<string, unknown>
  conflictType: 'None' | 'HasNext' | 'End'
}

/** Queued transactions (nonce ≥ the Safe's), `Next` then `Queued`, with conflict headers for shared nonces. */
export async function queuedItems(context: TransactionsContext, safe: Address) {
  const state = await readSafeState(context.client, safe)
  const records = (await readMultisigRecords(context, state.address))
    .filter((r) => !r.execution && r.nonce >= state.nonce)
    .sort((a, b) => a.nonce - b.nonce || a.submittedAt - b.submittedAt)
  const items: (Item | { type: 'LABEL'; label: string } | { type: 'CONFLICT_HEADER'; nonce: number })[] = []
  const nonces = [...new Set(records.map((r) => r.nonce))]
  for (const [index, nonce] of nonces.entries()) {
    if (index === 0 && nonce === state.nonce) items.push({ type: 'LABEL', label: 'Next' })
    if ((index === 0 && nonce !== state.nonce) || (index === 1 && nonces[0] === state.nonce)) {
      items.push({ type: 'LABEL', label: 'Queued' })
    }
    const group = records.filter((r) => r.nonce === nonce)
    if (group.length > 1) items.push({ type: 'CONFLICT_HEADER', nonce })
    for (const [position, record] of group.entries()) {
      const conflictType = group.length === 1 ? 'None' : position === group.length - 1 ? 'End' : 'HasNext'
      items.push({ type: 'TRANSACTION', transaction: await summaryOf(context, record, state), conflictType })
    }
  }
  return items
}

/**
 * History: executed Safe transactions, native coin received and the Safe's creation, newest first,
 * each UTC day preceded by a `DATE_LABEL`.
 */
export async function historyItems(context: TransactionsContext, safe: Address) {
  const state = await readSafeState(context.client, safe)
  const [records, incoming, creation] = await Promise.all([
    readMultisigRecords(context, state.address),
    readIncomingNativeTransfers(context.client, state.address),
    readSafeCreation(context.client, context.factories, state.address),
  ])
  const transactions: Record<string, unknown>[] = []
  for (const record of records.filter((r) => r.execution))
    transactions.push(await summaryOf(context, record, state))
  for (const transfer of incoming) {
    transactions.push({
      id: `transfer_${state.address}_i${transfer.transactionHash}${transfer.logIndex}`,
      timestamp: transfer.timestamp,
      txStatus: 'SUCCESS',
      txInfo: {
        type: 'Transfer',
        humanDescription: null,
        sender: addressInfo(transfer.sender),
        recipient: addressInfo(state.address),
        direction: 'INCOMING',
        transferInfo: { type: 'NATIVE_COIN', value: transfer.value.toString() },
      },
      txHash: transfer.transactionHash,
      executionInfo: null,
      safeAppInfo: null,
    })
  }
  if (creation) {
    transactions.push({
      id: `creation_${state.address}`,
      timestamp: creation.timestamp,
      txStatus: 'SUCCESS',
      txInfo: {
        type: 'Creation',
        humanDescription: null,
        creator: addressInfo(creation.creator),
        transactionHash: creation.transactionHash,
        implementation: creation.singleton ? addressInfo(creation.singleton) : null,
        factory: addressInfo(creation.factory),
        saltNonce: null,
      },
      txHash: creation.transactionHash,
      executionInfo: null,
      safeAppInfo: null,
    })
  }
  transactions.sort((a, b) => (b.timestamp as number) - (a.timestamp as number))
  const items: (Item | { type: 'DATE_LABEL'; timestamp: number })[] = []
  let day: number | undefined
  for (const transaction of transactions) {
    const start = utcDayStart(transaction.timestamp as number)
    if (start !== day) {
      items.push({ type: 'DATE_LABEL', timestamp: start })
      day = start
    }
    items.push({ type: 'TRANSACTION', transaction, conflictType: 'None' })
  }
  return items
}

/** All multisig transactions (queued and executed), highest nonce first, filtered like the gateway's query. */
export async function multisigItems(
  context: TransactionsContext,
  safe: Address,
  filter: { executed?: boolean; nonce?: number; to?: Address },
) {
  const state = await readSafeState(context.client, safe)
  const records = (await readMultisigRecords(context, state.address))
    .filter((r) => filter.executed === undefined || Boolean(r.execution) === filter.executed)
    .filter((r) => filter.nonce === undefined || r.nonce === filter.nonce)
    .filter((r) => filter.to === undefined || isAddressEqual(r.params.to, filter.to))
    .sort((a, b) => b.nonce - a.nonce || b.submittedAt - a.submittedAt)
  const items: Item[] = []
  for (const record of records) {
    items.push({
      type: 'TRANSACTION',
      transaction: await summaryOf(context, record, state),
      conflictType: 'None',
    })
  }
  return items
}

/** Incoming native transfers as list items (newest first). */
export async function incomingTransferItems(context: TransactionsContext, safe: Address) {
  const history = await historyItems(context, safe)
  return history.filter(
    (item): item is Item =>
      item.type === 'TRANSACTION' &&
      (item.transaction as { txInfo: { direction?: string } }).txInfo.direction === 'INCOMING',
  )
}

function parseTransactionId(id: string): { safe?: Address; safeTxHash: Hex } {
  const multisig = /^multisig_(0x[0-9a-fA-F]{40})_(0x[0-9a-fA-F]{64})$/.exec(id)
  if (multisig) return { safe: getAddress(multisig[1] as Address), safeTxHash: multisig[2] as Hex }
  if (/^0x[0-9a-fA-F]{64}$/.test(id)) return { safeTxHash: id as Hex }
  throw notFound('Transaction not found')
}

/** `multisig_<safe>_<safeTxHash>` or a bare safeTxHash (of a transaction proposed here or executed). */
export async function transactionDetails(context: TransactionsContext, id: string) {
  const { safe: idSafe, safeTxHash } = parseTransactionId(id)
  const safe =
    idSafe ??
    context.store.transactions.get(safeTxHash.toLowerCase())?.safe ??
    (await findExecutingSafe(context.client, safeTxHash))
  if (!safe) throw notFound('Transaction not found')
  const state = await readSafeState(context.client, safe)
  const record = (await readMultisigRecords(context, state.address)).find(
    (r) => r.safeTxHash.toLowerCase() === safeTxHash.toLowerCase(),
  )
  if (!record) throw notFound('Transaction not found')
  return detailsOf(context, record, state)
}

export type ProposalBody = {
  to: Address
  value: string
  data?: Hex | null
  nonce: string
  operation: 0 | 1
  safeTxGas: string
  baseGas: string
  gasPrice: string
  gasToken: Address
  refundReceiver?: Address | null
  safeTxHash: Hex
  sender: Address
  signature?: Hex | null
  origin?: string | null
}

/**
 * Stores a proposal after the checks the transaction service makes: the nonce is not spent, the
 * safeTxHash is the transaction's, the sender is an owner and the signature (if any) is the sender's.
 * Proposing the same transaction again adds the new sender's confirmation.
 */
export async function proposeTransaction(context: TransactionsContext, safe: Address, body: ProposalBody) {
  const state = await readSafeState(context.client, safe)
  const nonce = Number(body.nonce)
  if (nonce < state.nonce)
    throw unprocessable(`Nonce=${nonce} for Safe=${state.address} was already executed`)
  const tx = {
    to: getAddress(body.to),
    value: BigInt(body.value),
    data: (body.data ?? '0x') as Hex,
    operation: body.operation,
    safeTxGas: BigInt(body.safeTxGas),
    baseGas: BigInt(body.baseGas),
    gasPrice: BigInt(body.gasPrice),
    gasToken: getAddress(body.gasToken),
    refundReceiver: getAddress(body.refundReceiver ?? '0x0000000000000000000000000000000000000000'),
  }
  const expected = safeTransactionHash({
    safe: state.address,
    chainId: context.chainId,
    version: state.version,
    tx: { ...tx, nonce: BigInt(nonce) },
  })
  if (expected.toLowerCase() !== body.safeTxHash.toLowerCase()) {
    throw unprocessable(
      `Contract-transaction-hash=${body.safeTxHash} does not match provided contract-tx-hash=${expected}`,
    )
  }
  const sender = getAddress(body.sender)
  if (!isOwner(state, sender)) throw unprocessable(`Sender=${sender} is not an owner or delegate`)
  const now = Date.now()
  const confirmation = body.signature
    ? await (async () => {
        const signer = await recoverSafeSigner(expected, body.signature as Hex)
        if (!isAddressEqual(signer, sender)) throw unprocessable(`Signer=${signer} is not sender=${sender}`)
        return { signer, signature: body.signature as Hex, submittedAt: now }
      })()
    : undefined
  const key = expected.toLowerCase()
  const existing = context.store.transactions.get(key)
  if (existing) {
    if (confirmation && !existing.confirmations.some((c) => isAddressEqual(c.signer, confirmation.signer))) {
      existing.confirmations.push(confirmation)
    }
  } else {
    context.store.transactions.set(key, {
      safe: state.address,
      safeTxHash: expected,
      ...tx,
      nonce,
      proposer: sender,
      origin: body.origin ?? null,
      submittedAt: now,
      confirmations: confirmation ? [confirmation] : [],
    })
  }
  context.store.touch(state.address)
  return transactionDetails(context, multisigId(state.address, expected))
}

/**
 * Adds an owner's signature to a proposed transaction, after the transaction service's checks: the
 * transaction is known and its nonce not spent, the signature recovers to an owner who has not
 * confirmed yet. Answers the transaction as a list item (the schema's `Transaction`).
 */
export async function addTransactionConfirmation(
  context: TransactionsContext,
  safeTxHash: string,
  signature: Hex,
) {
  const proposed = context.store.transactions.get(safeTxHash.toLowerCase())
  if (!proposed) throw notFound('Transaction not found')
  const state = await readSafeState(context.client, proposed.safe)
  if (proposed.nonce < state.nonce) {
    throw unprocessable(`Nonce=${proposed.nonce} for Safe=${state.address} was already executed`)
  }
  const signer = await recoverSafeSigner(proposed.safeTxHash, signature)
  if (!isOwner(state, signer)) throw unprocessable(`Signer=${signer} is not an owner or delegate`)
  if (proposed.confirmations.some((c) => isAddressEqual(c.signer, signer))) {
    throw badRequest(`Signer=${signer} has already confirmed safe-tx-hash=${proposed.safeTxHash}`)
  }
  proposed.confirmations.push({ signer, signature, submittedAt: Date.now() })
  context.store.touch(state.address)
  const record = (await readMultisigRecords(context, state.address)).find(
    (r) => r.safeTxHash.toLowerCase() === proposed.safeTxHash.toLowerCase(),
  )
  if (!record) throw notFound('Transaction not found')
  return summaryOf(context, record, state)
}

/** Nonces: the Safe's, and the next one after the queued proposals. */
export async function safeNonces(context: TransactionsContext, safe: Address) {
  const state = await readSafeState(context.client, safe)
  const queued = context.store.transactionsOf(state.address).map((tx) => tx.nonce + 1)
  return { currentNonce: state.nonce, recommendedNonce: Math.max(state.nonce, ...queued) }
}

/** safeTxGas estimate: the inner call's gas as the Safe would make it (0 for delegate calls, as for Safe ≥1.3.0). */
export async function estimateSafeTransaction(
  context: TransactionsContext,
  safe: Address,
  body: { to: Address; value: string; data?: Hex | null; operation: 0 | 1 },
) {
  const nonces = await safeNonces(context, safe)
  if (body.operation === 1) return { ...nonces, safeTxGas: '0' }
  try {
    const gas = await context.client.estimateGas({
      account: getAddress(safe),
      to: getAddress(body.to),
      value: BigInt(body.value),
      data: body.data ?? undefined,
    })
    return { ...nonces, safeTxGas: gas.toString() }
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error)
    throw badRequest(`Estimation failed: ${reason}`)
  }
}
