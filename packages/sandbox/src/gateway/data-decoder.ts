import {
  type AbiFunction,
  type AbiParameter,
  decodeFunctionData,
  getAddress,
  type Hex,
  hexToBigInt,
  hexToNumber,
  parseAbi,
  size,
  sliceHex,
} from 'viem'

/**
 * Functions the local gateway can decode: those of the contracts Signet deploys and calls
 * (SignMessageLib, the Safe's owner/module/guard settings, MultiSend) plus ERC-20 transfers.
 */
export const decodableAbi = parseAbi([
  'function signMessage(bytes _data)',
  'function addOwnerWithThreshold(address owner, uint256 _threshold)',
  'function removeOwner(address prevOwner, address owner, uint256 _threshold)',
  'function swapOwner(address prevOwner, address oldOwner, address newOwner)',
  'function changeThreshold(uint256 _threshold)',
  'function enableModule(address module)',
  'function disableModule(address prevModule, address module)',
  'function setFallbackHandler(address handler)',
  'function setGuard(address guard)',
  'function changeMasterCopy(address _masterCopy)',
  'function multiSend(bytes transactions)',
  'function transfer(address to, uint256 value)',
  'function approve(address spender, uint256 value)',
  'function transferFrom(address from, address to, uint256 value)',
])

export type DecodedParameter = {
  name: string
  type: string
  value: string | string[]
  valueDecoded?: MultiSendAction[] | null
}
export type DataDecoded = { method: string; parameters: DecodedParameter[]; accuracy: 'FULL_MATCH' }
export type MultiSendAction = {
  operation: 0 | 1
  to: string
  value: string
  data: Hex | null
  dataDecoded?: { method: string; parameters: DecodedParameter[] }
}

function formatValue(type: string, value: unknown): string | string[] {
  if (Array.isArray(value))
    return value.map((item) => String(formatValue(type.replace(/\[\d*\]$/, ''), item)))
  if (type === 'address') return getAddress(String(value))
  return typeof value === 'bigint' ? value.toString() : String(value)
}

/** MultiSend's packed list: operation (1) ‖ to (20) ‖ value (32) ‖ data length (32) ‖ data. */
export function decodeMultiSendTransactions(packed: Hex): MultiSendAction[] {
  const actions: MultiSendAction[] = []
  let offset = 0
  while (offset < size(packed)) {
    const operation = hexToNumber(sliceHex(packed, offset, offset + 1)) as 0 | 1
    const to = getAddress(sliceHex(packed, offset + 1, offset + 21))
    const value = hexToBigInt(sliceHex(packed, offset + 21, offset + 53)).toString()
    const length = Number(hexToBigInt(sliceHex(packed, offset + 53, offset + 85)))
    const data = length > 0 ? sliceHex(packed, offset + 85, offset + 85 + length) : null
    const decoded = data ? decodeCalldata(data) : undefined
    actions.push({
      operation,
      to,
      value,
      data,
      ...(decoded ? { dataDecoded: { method: decoded.method, parameters: decoded.parameters } } : {}),
    })
    offset += 85 + length
  }
  return actions
}

/** Decodes calldata of a known function, or undefined. */
export function decodeCalldata(data: Hex): DataDecoded | undefined {
  if (size(data) < 4) return undefined
  let decoded: ReturnType<typeof decodeFunctionData<typeof decodableAbi>>
  try {
    decoded = decodeFunctionData({ abi: decodableAbi, data })
  } catch {
    return undefined
  }
  const fn = (decodableAbi as readonly AbiFunction[]).find((item) => item.name === decoded.functionName)
  const inputs: readonly AbiParameter[] = fn?.inputs ?? []
  const args: readonly unknown[] = decoded.args ?? []
  const parameters = inputs.map((input, index): DecodedParameter => {
    const value = formatValue(input.type, args[index])
    if (decoded.functionName === 'multiSend') {
      let actions: MultiSendAction[] | null = null
      try {
        actions = decodeMultiSendTransactions(args[index] as Hex)
      } catch {
        actions = null
      }
      return { name: input.name ?? '', type: input.type, value, valueDecoded: actions }
    }
    return { name: input.name ?? '', type: input.type, value }
  })
  return { method: decoded.functionName, parameters, accuracy: 'FULL_MATCH' }
}
