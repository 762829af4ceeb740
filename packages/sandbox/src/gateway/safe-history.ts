import { execTransactionAbi } from '@signet/devchain/safe-abi'
import {
  type Address,
  decodeFunctionData,
  getAddress,
  type Hex,
  hexToBigInt,
  type PublicClient,
  sliceHex,
  toEventSelector,
} from 'viem'
import { type ProxyCreation, readProxyCreations } from './owned-safes.ts'

const EXECUTION_SUCCESS = toEventSelector('ExecutionSuccess(bytes32,uint256)')
const EXECUTION_FAILURE = toEventSelector('ExecutionFailure(bytes32,uint256)')
const SAFE_RECEIVED = toEventSelector('SafeReceived(address,uint256)')

/** The parameters of a Safe transaction, as signed (SafeTx) and as passed to execTransaction. */
export type SafeTxParams = {
  to: Address
  value: bigint
  data: Hex
  operation: 0 | 1
  safeTxGas: bigint
  baseGas: bigint
  gasPrice: bigint
  gasToken: Address
  refundReceiver: Address
}

/** A Safe transaction the chain executed (ExecutionSuccess or ExecutionFailure). */
export type OnChainExecution = {
  safeTxHash: Hex
  nonce: number
  success: boolean
  transactionHash: Hex
  executedAt: number
  executor: Address
  /** Gas used × effective gas price, in wei. */
  fee: bigint
  /** Undefined when execTransaction was not called directly on the Safe (e.g. through a relayer contract). */
  params?: SafeTxParams
  signatures?: Hex
}

export type IncomingNativeTransfer = {
  sender: Address
  value: bigint
  transactionHash: Hex
  logIndex: number
  timestamp: number
}

async function blockTimestamp(client: PublicClient, blockNumber: bigint | null): Promise<number> {
  if (blockNumber === null) return Date.now()
  const block = await client.getBlock({ blockNumber })
  return Number(block.timestamp) * 1000
}

/**
 * Every execTransaction of the Safe, in order. Each one (successful or not) emits exactly one of
 * ExecutionSuccess/ExecutionFailure and consumes one nonce, so the n-th event is nonce n.
 */
export async function readExecutions(client: PublicClient, safe: Address): Promise<OnChainExecution[]> {
  const logs = await client.getLogs({ address: safe, fromBlock: 0n, toBlock: 'latest' })
  const executions = logs.filter(
    (log) => log.topics[0] === EXECUTION_SUCCESS || log.topics[0] === EXECUTION_FAILURE,
  )
  return Promise.all(
    executions.map(async (log, nonce): Promise<OnChainExecution> => {
      const transactionHash = log.transactionHash as Hex
      const [transaction, receipt, executedAt] = await Promise.all([
        client.getTransaction({ hash: transactionHash }),
        client.getTransactionReceipt({ hash: transactionHash }),
        blockTimestamp(client, log.blockNumber),
      ])
      const execution: OnChainExecution = {
        // `bytes32 indexed txHash` from 1.4.0, in the data before.
        safeTxHash: log.topics[1] ?? sliceHex(log.data, 0, 32),
        nonce,
        success: log.topics[0] === EXECUTION_SUCCESS,
        transactionHash,
        executedAt,
        executor: getAddress(transaction.from),
        fee: receipt.gasUsed * receipt.effectiveGasPrice,
      }
      if (transaction.to?.toLowerCase() === safe.toLowerCase()) {
        try {
          const { args } = decodeFunctionData({ abi: execTransactionAbi, data: transaction.input })
          const [
            to,
            value,
            data,
            operation,
            safeTxGas,
            baseGas,
            gasPrice,
            gasToken,
            refundReceiver,
            signatures,
          ] = args
          execution.params = {
            to: getAddress(to),
            value,
            data,
            operation: operation === 1 ? 1 : 0,
            safeTxGas,
            baseGas,
            gasPrice,
            gasToken: getAddress(gasToken),
            refundReceiver: getAddress(refundReceiver),
          }
          execution.signatures = signatures
        } catch {
          // Not a direct execTransaction call: the status is known, the parameters are not.
        }
      }
      return execution
    }),
  )
}

/**
 * The Safe whose execution event carries this safeTxHash, when the chain executed it: the transaction
 * service indexes every execution, so the gateway knows a safeTxHash it was never sent.
 */
export async function findExecutingSafe(client: PublicClient, safeTxHash: Hex): Promise<Address | undefined> {
  const logs = await client.request({
    method: 'eth_getLogs',
    params: [{ fromBlock: '0x0', toBlock: 'latest', topics: [[EXECUTION_SUCCESS, EXECUTION_FAILURE]] }],
  })
  const wanted = safeTxHash.toLowerCase()
  const log = logs.find(
    (candidate) => (candidate.topics[1] ?? sliceHex(candidate.data, 0, 32)).toLowerCase() === wanted,
  )
  return log ? getAddress(log.address) : undefined
}

/** Native coin received by the Safe (its `SafeReceived` event, Safe ≥ 1.3.0). */
export async function readIncomingNativeTransfers(
  client: PublicClient,
  safe: Address,
): Promise<IncomingNativeTransfer[]> {
  const logs = await client.getLogs({ address: safe, fromBlock: 0n, toBlock: 'latest' })
  return Promise.all(
    logs
      .filter((log) => log.topics[0] === SAFE_RECEIVED && log.topics[1])
      .map(async (log) => ({
        sender: getAddress(sliceHex(log.topics[1] as Hex, 12)),
        value: hexToBigInt(sliceHex(log.data, 0, 32)),
        transactionHash: log.transactionHash as Hex,
        logIndex: log.logIndex ?? 0,
        timestamp: await blockTimestamp(client, log.blockNumber),
      })),
  )
}

export type SafeCreation = ProxyCreation & { creator: Address; timestamp: number; transactionHash: Hex }

/** The factory call that created the Safe, when one of the known factories did. */
export async function readSafeCreation(
  client: PublicClient,
  factories: Address[],
  safe: Address,
): Promise<SafeCreation | undefined> {
  const creation = (await readProxyCreations(client, factories)).find(
    (c) => c.proxy.toLowerCase() === safe.toLowerCase(),
  )
  if (!creation) return undefined
  const transactionHash = creation.log.transactionHash as Hex
  const [transaction, timestamp] = await Promise.all([
    client.getTransaction({ hash: transactionHash }),
    blockTimestamp(client, creation.log.blockNumber),
  ])
  return { ...creation, creator: getAddress(transaction.from), timestamp, transactionHash }
}
