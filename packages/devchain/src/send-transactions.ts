import {
  type Address,
  createPublicClient,
  type Hex,
  http,
  type PublicClient,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

export type DevTransaction = {
  /** Omitted = contract creation. */
  to?: Address
  data: Hex
  value?: bigint
  /** Omitted = estimated, plus a margin. */
  gas?: bigint
}

export type DevTransactionErrorCode = 'TX_REVERTED'

export class DevTransactionError extends Error {
  readonly code: DevTransactionErrorCode
  readonly receipt: TransactionReceipt
  constructor(code: DevTransactionErrorCode, message: string, receipt: TransactionReceipt) {
    super(message)
    this.name = 'DevTransactionError'
    this.code = code
    this.receipt = receipt
  }
}

const clients = new Map<string, PublicClient>()

/** 1 gwei: anvil mines any positive tip at once. */
const devPriorityFee = 1_000_000_000n

/**
 * A client for a dev chain: JSON-RPC batching (requests made in the same tick share one HTTP call) and
 * a short polling interval, since anvil mines a block as soon as a transaction arrives.
 */
export function devClient(rpcUrl: string): PublicClient {
  let client = clients.get(rpcUrl)
  if (!client) {
    client = createPublicClient({
      transport: http(rpcUrl, { batch: true, retryCount: 0 }),
      pollingInterval: 20,
    })
    clients.set(rpcUrl, client)
  }
  return client
}

// Nonces are assigned locally, so two concurrent senders from one account in this process must not
// interleave between reading the nonce and submitting their transactions.
const senderQueues = new Map<string, Promise<unknown>>()

function withSenderLock<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = senderQueues.get(key) ?? Promise.resolve()
  const run = previous.then(task, task)
  const tail = run.catch(() => undefined)
  senderQueues.set(key, tail)
  void tail.then(() => {
    if (senderQueues.get(key) === tail) senderQueues.delete(key)
  })
  return run
}

/**
 * Signs and submits `transactions` from `privateKey` with consecutive nonces without waiting for each
 * one to be mined, then waits for all receipts. Gas is estimated for all of them against the current
 * state, so they must not depend on each other (or carry an explicit `gas`).
 * Throws DevTransactionError when one reverts.
 */
export async function sendTransactions(
  rpcUrl: string,
  privateKey: Hex,
  transactions: DevTransaction[],
): Promise<TransactionReceipt[]> {
  const client = devClient(rpcUrl)
  const account = privateKeyToAccount(privateKey)
  const hashes = await withSenderLock(`${rpcUrl}|${account.address}`, async () => {
    const [chainId, nonce, block, ...gasLimits] = await Promise.all([
      client.getChainId(),
      client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
      client.getBlock({ blockTag: 'latest' }),
      ...transactions.map(async (tx) =>
        tx.gas !== undefined
          ? tx.gas
          : // A margin, because a Safe's execTransaction can succeed at the estimate while its
            // inner call runs out of gas (63/64 rule).
            ((await client.estimateGas({
              account: account.address,
              to: tx.to,
              data: tx.data,
              value: tx.value,
            })) *
              13n) /
              10n +
            50_000n,
      ),
    ])
    const signed = await Promise.all(
      transactions.map((tx, index) =>
        account.signTransaction({
          type: 'eip1559',
          chainId,
          nonce: nonce + index,
          // A fixed tip: paying a multiple of eth_gasPrice raised anvil's next suggestion in turn, so
          // the price doubled with every transaction until the accounts ran dry. Twice the base fee
          // keeps the transaction valid while the base fee moves.
          maxPriorityFeePerGas: devPriorityFee,
          maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + devPriorityFee,
          gas: gasLimits[index] as bigint,
          to: tx.to ?? null,
          data: tx.data,
          value: tx.value ?? 0n,
        }),
      ),
    )
    return Promise.all(
      signed.map((serializedTransaction) => client.sendRawTransaction({ serializedTransaction })),
    )
  })
  const receipts = await Promise.all(hashes.map((hash) => receiptOf(client, hash)))
  for (const receipt of receipts) {
    if (receipt.status !== 'success') {
      throw new DevTransactionError('TX_REVERTED', `transaction ${receipt.transactionHash} reverted`, receipt)
    }
  }
  return receipts
}

/**
 * Polls for the receipt itself. anvil mines one block per transaction and then stays idle, and viem's
 * waitForTransactionReceipt looks again only when a new block appears: when its first look came just
 * before the block was mined, under load, it waited for a block that never came (a setup hang seen in
 * CI).
 */
async function receiptOf(client: PublicClient, hash: Hex, timeoutMs = 60_000): Promise<TransactionReceipt> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const receipt = await client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return undefined
      throw error
    })
    if (receipt) return receipt
    if (Date.now() > deadline) throw new Error(`no receipt for transaction ${hash} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
