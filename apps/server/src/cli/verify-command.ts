import { parseArgs } from 'node:util'
import { RpcUnavailableError, SignetError } from '../errors.ts'
import { parseDateTime } from '../siwe/date-time.ts'
import { parseSiweMessage } from '../siwe/parse.ts'
import { writeJson } from './parse-command.ts'
import { readMessage } from './read-message.ts'
import { exitCodes, UsageError } from './usage.ts'

const signatureArgPattern = /^0x[0-9a-fA-F]*$/
const rpcUrlPattern = /^(?:https?|wss?):\/\/\S+$/i

/**
 * `signet verify --message FILE|- --signature 0x… [--domain D] [--nonce N] [--time ISO] [--rpc URL]`.
 * Prints `{"valid":true,"address","chainId","accountType"}` (exit 0),
 * `{"valid":false,"error":{"code","message"}}` (exit 1), or — when a contract account's RPC cannot be
 * reached, which says nothing about the signature — `{"valid":null,"error":{"code":"rpc_unavailable",…}}`
 * (exit 3).
 */
export async function verifyCommand(args: string[]): Promise<number> {
  const { values } = parseOptions(args)
  if (values.message === undefined) throw new UsageError('verify needs --message FILE|-')
  if (values.signature === undefined) throw new UsageError('verify needs --signature 0x…')
  // Odd lengths and wrong sizes are reported as invalid signatures; text that is not hex at all is a typo.
  if (!signatureArgPattern.test(values.signature)) throw new UsageError('--signature must be 0x-prefixed hex')
  let time: number | undefined
  if (values.time !== undefined) {
    time = parseDateTime(values.time)
    if (time === undefined)
      throw new UsageError(`--time ${values.time} is not an ISO 8601 / RFC 3339 date-time`)
  }
  const rpcUrls = values.rpc ?? []
  for (const url of rpcUrls) {
    if (!rpcUrlPattern.test(url)) throw new UsageError(`--rpc ${url} must be an http(s):// or ws(s):// URL`)
  }
  const message = await readMessage(values.message)
  // viem is loaded only once the arguments are known to be good (a usage error answers at once).
  const [{ closeRpcWebSockets, createChainClient }, { verifySignIn }] = await Promise.all([
    import('../chain/chain-client.ts'),
    import('../verify/verify-sign-in.ts'),
  ])

  try {
    const { chainId } = parseSiweMessage(message)
    const client = rpcUrls.length > 0 ? createChainClient({ chainId, rpcUrls }) : undefined
    const result = await verifySignIn({
      message,
      signature: values.signature,
      domain: values.domain,
      nonce: values.nonce,
      time,
      client,
    })
    writeJson({
      valid: true,
      address: result.address,
      chainId: result.chainId,
      accountType: result.accountType,
    })
    return exitCodes.ok
  } catch (error) {
    if (error instanceof RpcUnavailableError) {
      writeJson({ valid: null, ...error.toJSON() })
      return exitCodes.unchecked
    }
    if (!(error instanceof SignetError)) throw error
    writeJson({ valid: false, ...error.toJSON() })
    return exitCodes.invalid
  } finally {
    closeRpcWebSockets()
  }
}

function parseOptions(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        message: { type: 'string' },
        signature: { type: 'string' },
        domain: { type: 'string' },
        nonce: { type: 'string' },
        time: { type: 'string' },
        rpc: { type: 'string', multiple: true },
      },
      strict: true,
      allowPositionals: false,
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}
