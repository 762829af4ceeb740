import { type Address, erc20Abi, type Hex, isAddressEqual, type PublicClient, size, zeroAddress } from 'viem'
import { type DataDecoded, decodeCalldata } from './data-decoder.ts'
import type { SafeTxParams } from './safe-history.ts'

const addressInfo = (value: Address) => ({ value, name: null, logoUri: null })

const SETTINGS_METHODS = new Set([
  'addOwnerWithThreshold',
  'removeOwner',
  'swapOwner',
  'changeThreshold',
  'enableModule',
  'disableModule',
  'setFallbackHandler',
  'setGuard',
  'changeMasterCopy',
])

function param(decoded: DataDecoded, name: string): string {
  const value = decoded.parameters.find((p) => p.name === name)?.value
  return typeof value === 'string' ? value : ''
}

function settingsInfo(decoded: DataDecoded) {
  const address = (name: string) => addressInfo(param(decoded, name) as Address)
  const threshold = () => Number(param(decoded, '_threshold'))
  switch (decoded.method) {
    case 'addOwnerWithThreshold':
      return { type: 'ADD_OWNER', owner: address('owner'), threshold: threshold() }
    case 'removeOwner':
      return { type: 'REMOVE_OWNER', owner: address('owner'), threshold: threshold() }
    case 'swapOwner':
      return { type: 'SWAP_OWNER', oldOwner: address('oldOwner'), newOwner: address('newOwner') }
    case 'changeThreshold':
      return { type: 'CHANGE_THRESHOLD', threshold: threshold() }
    case 'enableModule':
      return { type: 'ENABLE_MODULE', module: address('module') }
    case 'disableModule':
      return { type: 'DISABLE_MODULE', module: address('module') }
    case 'setFallbackHandler':
      return { type: 'SET_FALLBACK_HANDLER', handler: address('handler') }
    case 'setGuard':
      return isAddressEqual(param(decoded, 'guard') as Address, zeroAddress)
        ? { type: 'DELETE_GUARD' }
        : { type: 'SET_GUARD', guard: address('guard') }
    default:
      return { type: 'CHANGE_MASTER_COPY', implementation: address('_masterCopy') }
  }
}

async function erc20Details(client: PublicClient, token: Address) {
  const read = <F extends 'name' | 'symbol' | 'decimals'>(functionName: F) =>
    client.readContract({ address: token, abi: erc20Abi, functionName }).catch(() => null)
  const [tokenName, tokenSymbol, decimals] = await Promise.all([
    read('name'),
    read('symbol'),
    read('decimals'),
  ])
  return { tokenName, tokenSymbol, decimals }
}

/**
 * The gateway's `txInfo` of a Safe transaction: a settings change of the Safe itself, a native or
 * ERC-20 transfer out, a cancellation (empty call to itself), or a custom call (decoded method name
 * when the decoder knows it; `multiSend` with its action count).
 */
export async function transactionInfo(client: PublicClient, safe: Address, tx: SafeTxParams) {
  const decoded = tx.data !== '0x' ? decodeCalldata(tx.data) : undefined
  const toSelf = isAddressEqual(tx.to, safe)
  if (toSelf && decoded && SETTINGS_METHODS.has(decoded.method)) {
    return {
      type: 'SettingsChange' as const,
      humanDescription: null,
      dataDecoded: decoded,
      settingsInfo: settingsInfo(decoded),
    }
  }
  if (tx.data === '0x' && tx.value > 0n && tx.operation === 0) {
    return {
      type: 'Transfer' as const,
      humanDescription: null,
      sender: addressInfo(safe),
      recipient: addressInfo(tx.to),
      direction: 'OUTGOING' as const,
      transferInfo: { type: 'NATIVE_COIN' as const, value: tx.value.toString() },
    }
  }
  if (decoded?.method === 'transfer' && decoded.parameters.length === 2 && tx.operation === 0) {
    return {
      type: 'Transfer' as const,
      humanDescription: null,
      sender: addressInfo(safe),
      recipient: addressInfo(param(decoded, 'to') as Address),
      direction: 'OUTGOING' as const,
      transferInfo: {
        type: 'ERC20' as const,
        tokenAddress: tx.to,
        value: param(decoded, 'value'),
        ...(await erc20Details(client, tx.to)),
        logoUri: null,
        trusted: null,
        imitation: false,
      },
    }
  }
  const multiSendActions = decoded?.method === 'multiSend' ? decoded.parameters[0]?.valueDecoded : undefined
  return {
    type: 'Custom' as const,
    humanDescription: null,
    to: addressInfo(tx.to),
    dataSize: String(size(tx.data as Hex)),
    value: tx.value.toString(),
    isCancellation: toSelf && tx.data === '0x' && tx.value === 0n,
    methodName: decoded?.method ?? null,
    ...(multiSendActions ? { actionCount: multiSendActions.length } : {}),
  }
}

export { addressInfo }
