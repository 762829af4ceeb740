import { execTransactionAbi, signMessageAbi } from '@signet/devchain/safe-abi'
import {
  concatOwnerSignatures,
  domainHasChainId,
  type OwnerSignature,
  type SafeTransaction,
  safeTransactionHash,
  signSafeTransaction,
} from '@signet/devchain/safe-signatures'
import { DevTransactionError, devClient, sendTransactions } from '@signet/devchain/send-transactions'
import {
  type Address,
  BaseError,
  concatHex,
  encodeFunctionData,
  encodePacked,
  getAddress,
  type Hex,
  isAddressEqual,
  parseAbi,
  size,
  toEventSelector,
  zeroAddress,
} from 'viem'
import { SandboxHostError } from './host-errors.ts'
import { gatewayFailure, type HostGateway, isGatewayNotFound } from './host-gateway.ts'
import type { HostSafeInfo, SafeRegistry } from './safe-registry.ts'

export type TransactionStatus =
  | 'AWAITING_CONFIRMATIONS'
  | 'AWAITING_EXECUTION'
  | 'SUCCESS'
  | 'FAILED'
  | 'CANCELLED'

/** One call a Safe App asks for (`sendTransactions`): values are decimal strings or hex. */
export type AppCall = { to: string; value?: string; data?: string }

type StoredTransaction = {
  safe: Address
  safeTxHash: Hex
  tx: Required<Pick<SafeTransaction, 'to' | 'value' | 'data' | 'operation' | 'nonce'>>
  description: string
  confirmations: (OwnerSignature & { submittedAt: number })[]
  submittedAt: number
  executed?: { txHash: Hex; executedAt: number; success: boolean; executor: Address }
  /** The rejection (same nonce, no call) that replaced it on chain. */
  cancelledBy?: Hex
  origin: string | null
  /** Known to the gateway: proposed there (by the first confirmation) or taken over from it. */
  onGateway: boolean
}

const executionSuccess = toEventSelector('ExecutionSuccess(bytes32,uint256)')
const multiSendAbi = parseAbi(['function multiSend(bytes transactions) payable'])

/**
 * Safe transactions the host proposes for its Safe Apps: owners confirm (EIP-712 SafeTx signatures
 * made with the keys the host holds), an owner executes once the threshold is met, or the owners
 * cancel it with an on-chain rejection at the same nonce. `details` answers in the gateway's
 * TransactionDetails shape, as Safe{Wallet}'s `getTxBySafeTxHash` does.
 *
 * With a gateway, as Safe{Wallet}: the nonce follows the gateway's queue, the first owner's signature
 * proposes the transaction there and each further one is posted as a confirmation, so the transaction
 * service knows it while it waits for owners; a transaction proposed there by others is taken over
 * when asked for. A confirmation the gateway refuses is not kept (the page shows why).
 */
export class TransactionBook {
  readonly #transactions = new Map<string, StoredTransaction>()

  constructor(
    private readonly registry: SafeRegistry,
    private readonly gateway?: HostGateway,
  ) {}

  /** `sendTransactions`: one call as is, several batched through MultiSendCallOnly. */
  async propose(params: { safe: string; calls: AppCall[]; origin?: string }): Promise<TransactionView> {
    const info = await this.registry.info(params.safe)
    if (params.calls.length === 0) throw new SandboxHostError('BAD_REQUEST', 'No transactions were passed')
    const calls = params.calls.map(parseCall)
    if (calls.length === 1) {
      const [call] = calls as [ParsedCall]
      return this.#add(info, { ...call, operation: 0 }, describeCall(call), params.origin)
    }
    const multiSend = this.registry.deploymentOf(info)?.multiSendCallOnly
    if (!multiSend)
      throw new SandboxHostError('NO_DEPLOYMENT', `No MultiSendCallOnly for Safe ${info.version}`)
    const packed = concatHex(
      calls.map((call) =>
        encodePacked(
          ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
          [0, call.to, call.value, BigInt(size(call.data)), call.data],
        ),
      ),
    )
    const data = encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [packed] })
    return this.#add(
      info,
      { to: multiSend, value: 0n, data, operation: 1 },
      `Batch of ${calls.length} calls`,
      params.origin,
    )
  }

  /**
   * An on-chain message signature: ≥1.3.0 delegate-calls SignMessageLib.signMessage(hash); 1.1.1 calls
   * its own `signMessage` (only the Safe may). Afterwards `isValidSignature(hash, 0x)` passes.
   */
  async proposeMessageApproval(params: {
    safe: string
    contentHash: Hex
    origin?: string
  }): Promise<TransactionView> {
    const info = await this.registry.info(params.safe)
    const data = encodeFunctionData({
      abi: signMessageAbi,
      functionName: 'signMessage',
      args: [params.contentHash],
    })
    if (!domainHasChainId(info.version)) {
      return this.#add(
        info,
        { to: info.safeAddress, value: 0n, data, operation: 0 },
        'Sign message on-chain',
        params.origin,
      )
    }
    const lib = this.registry.deploymentOf(info)?.signMessageLib
    if (!lib) throw new SandboxHostError('NO_DEPLOYMENT', `No SignMessageLib for Safe ${info.version}`)
    return this.#add(info, { to: lib, value: 0n, data, operation: 1 }, 'Sign message on-chain', params.origin)
  }

  async confirm(safeTxHash: string, owner: string): Promise<TransactionView> {
    const stored = await this.#find(safeTxHash)
    const info = await this.registry.info(stored.safe)
    this.#assertQueued(stored, info)
    const { owner: signer, key } = this.registry.ownerKey(info, owner)
    if (stored.confirmations.some((c) => isAddressEqual(c.owner, signer))) {
      throw new SandboxHostError('ALREADY_CONFIRMED', `${signer} has already confirmed this transaction`)
    }
    const signature = await signSafeTransaction(key, {
      safe: info.safeAddress,
      chainId: info.chainId,
      version: info.version,
      tx: stored.tx,
    })
    await this.#publish(stored, signature)
    stored.confirmations.push({ ...signature, submittedAt: Date.now() })
    return this.#view(stored, info)
  }

  /** Safe{Wallet}'s way: the first signature proposes the transaction, later ones confirm it. */
  async #publish(stored: StoredTransaction, { owner, signature }: OwnerSignature): Promise<void> {
    if (!this.gateway) return
    const chainId = this.registry.chainId
    if (stored.onGateway) {
      try {
        await this.gateway.addConfirmation(chainId, stored.safeTxHash, signature)
      } catch (error) {
        throw gatewayFailure('did not take the confirmation', error)
      }
      return
    }
    const { tx } = stored
    try {
      await this.gateway.client.proposeTransaction(chainId, stored.safe, {
        to: tx.to,
        value: tx.value.toString(),
        data: tx.data,
        nonce: tx.nonce.toString(),
        operation: tx.operation,
        safeTxGas: '0',
        baseGas: '0',
        gasPrice: '0',
        gasToken: zeroAddress,
        refundReceiver: zeroAddress,
        safeTxHash: stored.safeTxHash,
        sender: owner,
        signature,
        ...(stored.origin ? { origin: stored.origin } : {}),
      })
    } catch (error) {
      throw gatewayFailure('did not take the proposal', error)
    }
    stored.onGateway = true
  }

  /** Sends execTransaction with the collected signatures, from the first confirming owner. */
  async execute(safeTxHash: string): Promise<TransactionView> {
    const stored = await this.#find(safeTxHash)
    const info = await this.registry.info(stored.safe)
    this.#assertQueued(stored, info)
    if (stored.confirmations.length < info.threshold) {
      throw new SandboxHostError(
        'BELOW_THRESHOLD',
        `${stored.confirmations.length} of ${info.threshold} confirmations: cannot execute yet`,
      )
    }
    if (BigInt(info.nonce) !== stored.tx.nonce) {
      throw new SandboxHostError(
        'NOT_PENDING',
        `Transactions with nonce ${info.nonce} must be executed first`,
      )
    }
    const executor = stored.confirmations[0]?.owner as Address
    const { key } = this.registry.ownerKey(info, executor)
    const signatures = concatOwnerSignatures(stored.confirmations.slice(0, info.threshold))
    const receipt = await this.#send(info, stored.tx, signatures, key)
    // By topic: 1.4.1 indexes the event's txHash, 1.1.1 and 1.3.0 do not.
    const success = receipt.logs.some(
      (log) => isAddressEqual(log.address, info.safeAddress) && log.topics[0] === executionSuccess,
    )
    stored.executed = { txHash: receipt.transactionHash, executedAt: Date.now(), success, executor }
    return this.#view(stored, info)
  }

  /**
   * Cancels a queued transaction the way Safe{Wallet} does: a rejection (a call to the Safe itself
   * with no value and no data) at the same nonce, confirmed by the threshold of owners and executed.
   */
  async cancel(safeTxHash: string): Promise<TransactionView> {
    const stored = await this.#find(safeTxHash)
    const info = await this.registry.info(stored.safe)
    this.#assertQueued(stored, info)
    const signers = this.registry.signers(info).slice(0, info.threshold)
    if (signers.length < info.threshold) {
      throw new SandboxHostError(
        'NO_OWNER_KEY',
        `The host holds ${signers.length} keys; ${info.threshold} are needed`,
      )
    }
    const rejection = {
      to: info.safeAddress,
      value: 0n,
      data: '0x' as Hex,
      operation: 0 as const,
      nonce: stored.tx.nonce,
    }
    const ref = { safe: info.safeAddress, chainId: info.chainId, version: info.version }
    const signatures = await Promise.all(
      signers.map((owner) =>
        signSafeTransaction(this.registry.ownerKey(info, owner).key, { ...ref, tx: rejection }),
      ),
    )
    const firstSigner = signers[0] as Address
    const receipt = await this.#send(
      info,
      rejection,
      concatOwnerSignatures(signatures),
      this.registry.ownerKey(info, firstSigner).key,
    )
    stored.cancelledBy = receipt.transactionHash
    return this.#view(stored, info)
  }

  async get(safeTxHash: string): Promise<TransactionView> {
    const stored = await this.#find(safeTxHash)
    return this.#view(stored, await this.registry.info(stored.safe))
  }

  /** Queued and recent transactions of a Safe, newest first. */
  async list(safe: string): Promise<TransactionView[]> {
    const info = await this.registry.info(safe)
    return [...this.#transactions.values()]
      .filter((stored) => isAddressEqual(stored.safe, info.safeAddress))
      .sort((a, b) => b.submittedAt - a.submittedAt)
      .map((stored) => this.#view(stored, info))
  }

  async #add(
    info: HostSafeInfo,
    call: Omit<StoredTransaction['tx'], 'nonce'>,
    description: string,
    origin: string | undefined,
  ): Promise<TransactionView> {
    const queued = [...this.#transactions.values()].filter(
      (stored) => isAddressEqual(stored.safe, info.safeAddress) && stored.tx.nonce >= BigInt(info.nonce),
    )
    const nonce = queued.reduce(
      (next, stored) => (stored.tx.nonce >= next ? stored.tx.nonce + 1n : next),
      await this.#recommendedNonce(info),
    )
    const tx = { ...call, nonce }
    const safeTxHash = safeTransactionHash({
      safe: info.safeAddress,
      chainId: info.chainId,
      version: info.version,
      tx,
    })
    const stored: StoredTransaction = {
      safe: info.safeAddress,
      safeTxHash,
      tx,
      description,
      confirmations: [],
      submittedAt: Date.now(),
      origin: origin ?? null,
      onGateway: false,
    }
    this.#transactions.set(safeTxHash.toLowerCase(), stored)
    return this.#view(stored, info)
  }

  /** After the transactions queued on the gateway, as Safe{Wallet} picks the nonce of a new one. */
  async #recommendedNonce(info: HostSafeInfo): Promise<bigint> {
    if (!this.gateway) return BigInt(info.nonce)
    try {
      const { recommendedNonce } = await this.gateway.client.getNonces(
        this.registry.chainId,
        info.safeAddress,
      )
      return BigInt(Math.max(recommendedNonce, info.nonce))
    } catch (error) {
      throw gatewayFailure('could not tell the next nonce', error)
    }
  }

  async #send(info: HostSafeInfo, tx: StoredTransaction['tx'], signatures: Hex, executorKey: Hex) {
    const data = encodeFunctionData({
      abi: execTransactionAbi,
      functionName: 'execTransaction',
      args: [tx.to, tx.value, tx.data, tx.operation, 0n, 0n, 0n, zeroAddress, zeroAddress, signatures],
    })
    try {
      const [receipt] = await sendTransactions(this.registry.rpcUrl, executorKey, [
        { to: info.safeAddress, data },
      ])
      if (!receipt) throw new SandboxHostError('EXECUTION_FAILED', 'No receipt')
      return receipt
    } catch (error) {
      if (error instanceof SandboxHostError) throw error
      const reason =
        error instanceof DevTransactionError
          ? error.message
          : error instanceof BaseError
            ? error.shortMessage
            : String(error)
      throw new SandboxHostError('EXECUTION_FAILED', `Execution failed: ${reason}`)
    }
  }

  #assertQueued(stored: StoredTransaction, info: HostSafeInfo): void {
    const status = statusOf(stored, info)
    if (status !== 'AWAITING_CONFIRMATIONS' && status !== 'AWAITING_EXECUTION') {
      throw new SandboxHostError('NOT_PENDING', `The transaction is ${status.toLowerCase()}`)
    }
  }

  async #find(safeTxHash: string): Promise<StoredTransaction> {
    const stored = this.#transactions.get(safeTxHash.toLowerCase()) ?? (await this.#takeOver(safeTxHash))
    if (!stored) throw new SandboxHostError('NOT_FOUND', `No transaction with safeTxHash ${safeTxHash}`)
    return stored
  }

  /**
   * A transaction of one of the host's Safes proposed to the gateway by someone else, so its page and
   * buttons work here too. Only one with no gas refund (as the host executes) can be taken over.
   */
  async #takeOver(safeTxHash: string): Promise<StoredTransaction | undefined> {
    if (!this.gateway || !/^0x[0-9a-fA-F]{64}$/.test(safeTxHash)) return undefined
    let details: Awaited<ReturnType<HostGateway['client']['getTransactionDetails']>>
    try {
      details = await this.gateway.client.getTransactionDetails(this.registry.chainId, safeTxHash)
    } catch (error) {
      if (isGatewayNotFound(error)) return undefined
      throw gatewayFailure(`could not be asked about ${safeTxHash}`, error)
    }
    const execution = details.detailedExecutionInfo
    const safe = this.registry.addresses.find((address) =>
      isAddressEqual(address, details.safeAddress as Address),
    )
    if (execution?.type !== 'MULTISIG' || !details.txData || !safe) return undefined
    const info = await this.registry.info(safe)
    const { txData } = details
    const tx = {
      to: getAddress(txData.to.value),
      value: BigInt(txData.value ?? '0'),
      data: (txData.hexData ?? '0x') as Hex,
      operation: txData.operation,
      nonce: BigInt(execution.nonce),
    }
    const ref = { safe, chainId: info.chainId, version: info.version }
    if (safeTransactionHash({ ...ref, tx }).toLowerCase() !== execution.safeTxHash.toLowerCase())
      return undefined
    const stored: StoredTransaction = {
      safe,
      safeTxHash: execution.safeTxHash as Hex,
      tx,
      description:
        tx.operation === 0 ? describeCall(tx) : `Delegate call to ${tx.to} (${tx.data.slice(0, 10)})`,
      confirmations: execution.confirmations.flatMap((c) =>
        c.signature
          ? [{ owner: getAddress(c.signer.value), signature: c.signature as Hex, submittedAt: c.submittedAt }]
          : [],
      ),
      submittedAt: execution.submittedAt,
      origin: null,
      onGateway: true,
      ...(details.txHash
        ? {
            executed: {
              txHash: details.txHash as Hex,
              executedAt: details.executedAt ?? execution.submittedAt,
              success: details.txStatus === 'SUCCESS',
              executor: getAddress(execution.executor?.value ?? zeroAddress),
            },
          }
        : {}),
    }
    this.#transactions.set(stored.safeTxHash.toLowerCase(), stored)
    return stored
  }

  #view(stored: StoredTransaction, info: HostSafeInfo): TransactionView {
    return {
      safeTxHash: stored.safeTxHash,
      safe: stored.safe,
      description: stored.description,
      nonce: Number(stored.tx.nonce),
      status: statusOf(stored, info),
      confirmationsSubmitted: stored.confirmations.length,
      confirmationsRequired: info.threshold,
      confirmations: stored.confirmations.map(({ owner, signature }) => ({ owner, signature })),
      pendingSigners: this.registry
        .signers(info)
        .filter((owner) => !stored.confirmations.some((c) => isAddressEqual(c.owner, owner))),
      txHash: stored.executed?.txHash ?? null,
      details: transactionDetails(stored, info),
    }
  }
}

export type TransactionView = {
  safeTxHash: Hex
  safe: Address
  description: string
  nonce: number
  status: TransactionStatus
  confirmationsSubmitted: number
  confirmationsRequired: number
  confirmations: OwnerSignature[]
  pendingSigners: Address[]
  txHash: Hex | null
  /** The gateway's TransactionDetails, as `getTxBySafeTxHash` returns it. */
  details: ReturnType<typeof transactionDetails>
}

function statusOf(stored: StoredTransaction, info: HostSafeInfo): TransactionStatus {
  if (stored.executed) return stored.executed.success ? 'SUCCESS' : 'FAILED'
  // Its nonce was used by another transaction (a rejection or a replacement).
  if (stored.cancelledBy || BigInt(info.nonce) > stored.tx.nonce) return 'CANCELLED'
  return stored.confirmations.length >= info.threshold ? 'AWAITING_EXECUTION' : 'AWAITING_CONFIRMATIONS'
}

const addressInfo = (value: Address) => ({ value, name: null, logoUri: null })

function transactionDetails(stored: StoredTransaction, info: HostSafeInfo) {
  const { tx } = stored
  return {
    safeAddress: stored.safe,
    txId: `multisig_${stored.safe}_${stored.safeTxHash}`,
    executedAt: stored.executed?.executedAt ?? null,
    txStatus: statusOf(stored, info),
    txInfo: {
      type: 'Custom' as const,
      to: addressInfo(tx.to),
      dataSize: String(size(tx.data)),
      value: tx.value.toString(),
      methodName: stored.description,
      isCancellation: false,
      humanDescription: null,
    },
    txData: {
      hexData: tx.data,
      dataDecoded: null,
      to: addressInfo(tx.to),
      value: tx.value.toString(),
      operation: tx.operation,
      trustedDelegateCallTarget: tx.operation === 1 ? true : null,
      addressInfoIndex: null,
    },
    txHash: stored.executed?.txHash ?? null,
    detailedExecutionInfo: {
      type: 'MULTISIG' as const,
      submittedAt: stored.submittedAt,
      nonce: Number(tx.nonce),
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: zeroAddress,
      refundReceiver: addressInfo(zeroAddress),
      safeTxHash: stored.safeTxHash,
      executor: stored.executed ? addressInfo(stored.executed.executor) : null,
      signers: info.owners.map(addressInfo),
      confirmationsRequired: info.threshold,
      confirmations: stored.confirmations.map((c) => ({
        signer: addressInfo(c.owner),
        signature: c.signature,
        submittedAt: c.submittedAt,
      })),
      rejectors: [],
      gasTokenInfo: null,
      trusted: true,
      proposer: stored.confirmations[0] ? addressInfo(stored.confirmations[0].owner) : null,
    },
    safeAppInfo: null,
  }
}

type ParsedCall = { to: Address; value: bigint; data: Hex }

function parseCall(call: AppCall, index: number): ParsedCall {
  if (typeof call?.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(call.to)) {
    throw new SandboxHostError('BAD_REQUEST', `Invalid call #${index}: "to" must be an address`)
  }
  const data = call.data ?? '0x'
  if (!/^0x([0-9a-fA-F]{2})*$/.test(data))
    throw new SandboxHostError('BAD_REQUEST', `Invalid call #${index}: bad data`)
  let value: bigint
  try {
    value = BigInt(call.value ?? '0')
  } catch {
    throw new SandboxHostError('BAD_REQUEST', `Invalid call #${index}: bad value`)
  }
  return { to: getAddress(call.to), value, data: data as Hex }
}

function describeCall(call: ParsedCall): string {
  if (call.data === '0x') return `Send ${call.value} wei to ${call.to}`
  return `Call ${call.to} (${call.data.slice(0, 10)})`
}

/** Reads the chain id through the same client, to fail early when the host is pointed at the wrong chain. */
export async function readChainId(rpcUrl: string): Promise<number> {
  return devClient(rpcUrl).getChainId()
}
