import { describe, expect, it } from 'vitest'
import { createGatewayClient } from '../client.ts'
import { GatewayResponseError } from '../errors.ts'
import { checkRequest, checkResponse } from '../openapi/exchange-check.ts'
import { loadGatewaySchema } from '../openapi/load-gateway-schema.ts'
import type { SchemaObject } from '../openapi/openapi-document.ts'
import { gatewayOperations } from '../operations.ts'
import { recordingFetch } from '../recording-fetch.ts'
import * as sample from '../sample-responses.ts'
import {
  balanceTokenTypes,
  deviceTypes,
  implementationVersionStates,
  messageStatuses,
  settingsChangeTypes,
  transactionInfoTypes,
  transactionStatuses,
  transferDirections,
  transferTokenTypes,
} from './enums.ts'

const doc = loadGatewaySchema()
const schemas = doc.components?.schemas ?? {}

function schemaEnum(schema: SchemaObject | undefined): unknown[] {
  if (!schema?.enum) throw new Error('no enum in schema')
  return [...schema.enum].sort()
}

function property(component: string, name: string): SchemaObject | undefined {
  return schemas[component]?.properties?.[name]
}

const sorted = (values: readonly string[]) => [...values].sort()

function clientAnswering(body: unknown) {
  return createGatewayClient({
    baseUrl: 'https://gateway.test',
    fetch: recordingFetch({ status: 200, body }).fetch,
  })
}

function detailsIssues(body: unknown) {
  const { method, path } = gatewayOperations.getTransactionDetails
  return checkResponse(doc, { method, template: path, status: 200, body })
}

describe('The gateway enumerations Signet reads equal the schema and are read by the client', () => {
  it('our enums are exactly the schema enums', () => {
    expect(sorted(transactionStatuses)).toEqual(schemaEnum(property('Transaction', 'txStatus')))
    expect(sorted(transactionStatuses)).toEqual(schemaEnum(property('TransactionDetails', 'txStatus')))
    expect(sorted(transferDirections)).toEqual(schemaEnum(property('TransferTransactionInfo', 'direction')))
    expect(sorted(transferTokenTypes)).toEqual(schemaEnum(property('Transfer', 'type')))
    const balanceTypes = ['NativeToken', 'Erc20Token', 'Erc721Token'].flatMap((name) =>
      schemaEnum(property(name, 'type')),
    )
    expect(sorted(balanceTokenTypes)).toEqual(balanceTypes.sort())
    expect(sorted(messageStatuses)).toEqual(schemaEnum(property('Message', 'status')))
    expect(sorted(messageStatuses)).toEqual(schemaEnum(property('MessageItem', 'status')))
    expect(sorted(deviceTypes)).toEqual(schemaEnum(schemas.DeviceType))
    expect(sorted(transactionInfoTypes)).toEqual(schemaEnum(property('TransactionInfo', 'type')))
    expect(sorted(settingsChangeTypes)).toEqual(schemaEnum(property('SettingsChange', 'type')))
    expect(sorted(implementationVersionStates)).toEqual(
      schemaEnum(property('SafeState', 'implementationVersionState')),
    )
  })

  it('the values Signet reads are in them', () => {
    expect(transactionStatuses).toEqual(
      expect.arrayContaining([
        'AWAITING_CONFIRMATIONS',
        'AWAITING_EXECUTION',
        'CANCELLED',
        'FAILED',
        'SUCCESS',
      ]),
    )
    expect(transferDirections).toEqual(['INCOMING', 'OUTGOING', 'UNKNOWN'])
    expect(sorted(transferTokenTypes)).toEqual(['ERC20', 'ERC721', 'NATIVE_COIN'])
    expect(messageStatuses).toEqual(['NEEDS_CONFIRMATION', 'CONFIRMED'])
    expect(deviceTypes).toEqual(['ANDROID', 'IOS', 'WEB'])
    expect(transactionInfoTypes).toEqual(
      expect.arrayContaining(['Transfer', 'SettingsChange', 'Custom', 'Creation']),
    )
  })

  it.each(transactionStatuses)('transaction status %s', async (txStatus) => {
    const body = { ...sample.transactionDetails, txStatus }
    expect(detailsIssues(body)).toEqual([])
    expect((await clientAnswering(body).getTransactionDetails(1, 'x')).txStatus).toBe(txStatus)
  })

  it('rejects a transaction status outside the enumeration', async () => {
    const body = { ...sample.transactionDetails, txStatus: 'PENDING' }
    expect(detailsIssues(body)).not.toEqual([])
    await expect(clientAnswering(body).getTransactionDetails(1, 'x')).rejects.toMatchObject({
      field: 'txStatus',
    })
  })

  it.each(transferDirections)('transfer direction %s', async (direction) => {
    const body = { ...sample.transactionDetails, txInfo: { ...sample.transferTransaction.txInfo, direction } }
    expect(detailsIssues(body)).toEqual([])
    const details = await clientAnswering(body).getTransactionDetails(1, 'x')
    expect(details.txInfo.type === 'Transfer' && details.txInfo.direction).toBe(direction)
  })

  const transferInfos = {
    ERC20: sample.transferTransaction.txInfo.transferInfo,
    ERC721: {
      type: 'ERC721',
      tokenAddress: sample.TOKEN,
      tokenId: '7',
      tokenName: 'Test NFT',
      trusted: null,
    },
    NATIVE_COIN: { type: 'NATIVE_COIN', value: '5' },
  }
  it.each(transferTokenTypes)('transfer token type %s', async (type) => {
    const txInfo = { ...sample.transferTransaction.txInfo, transferInfo: transferInfos[type] }
    const body = { ...sample.transactionDetails, txInfo }
    expect(detailsIssues(body)).toEqual([])
    const details = await clientAnswering(body).getTransactionDetails(1, 'x')
    expect(details.txInfo.type === 'Transfer' && details.txInfo.transferInfo.type).toBe(type)
  })

  it('rejects a transfer token type outside the enumeration', async () => {
    const txInfo = { ...sample.transferTransaction.txInfo, transferInfo: { type: 'ERC1155', value: '1' } }
    const body = { ...sample.transactionDetails, txInfo }
    expect(detailsIssues(body)).not.toEqual([])
    await expect(clientAnswering(body).getTransactionDetails(1, 'x')).rejects.toMatchObject({
      field: 'txInfo.transferInfo.type',
    })
  })

  it.each(balanceTokenTypes)('balance token type %s', async (type) => {
    const item = { ...sample.balances.items[1], tokenInfo: { ...sample.balances.items[1]?.tokenInfo, type } }
    const body = { fiatTotal: '1', items: [item] }
    const { method, path } = gatewayOperations.getBalances
    expect(checkResponse(doc, { method, template: path, status: 200, body })).toEqual([])
    expect((await clientAnswering(body).getBalances(1, sample.SAFE)).items[0]?.tokenInfo.type).toBe(type)
  })

  it.each(messageStatuses)('message status %s', async (status) => {
    const body = { ...sample.message, status }
    const { method, path } = gatewayOperations.getSafeMessage
    expect(checkResponse(doc, { method, template: path, status: 200, body })).toEqual([])
    expect((await clientAnswering(body).getSafeMessage(1, sample.MESSAGE_HASH)).status).toBe(status)
  })

  it.each(deviceTypes)('device type %s is a body the schema accepts', async (deviceType) => {
    const { fetch, requests } = recordingFetch({ status: 200 })
    const client = createGatewayClient({ baseUrl: 'https://gateway.test', fetch })
    await client.registerDevice({
      cloudMessagingToken: 't',
      buildNumber: '1',
      bundle: 'b',
      deviceType,
      version: '1',
      safeRegistrations: [],
    })
    expect(() =>
      checkRequest(doc, requests[0] as { method: string; url: string; body: unknown }),
    ).not.toThrow()
    expect(requests[0]?.body).toMatchObject({ deviceType })
  })

  const transactionInfos = {
    Transfer: sample.transferTransaction.txInfo,
    SettingsChange: sample.settingsChangeTransaction.txInfo,
    Custom: sample.customTransaction.txInfo,
    Creation: sample.creationTransaction.txInfo,
  }
  it.each(Object.entries(transactionInfos))('transaction info type %s', async (type, txInfo) => {
    const body = { ...sample.transactionDetails, txInfo }
    expect(detailsIssues(body)).toEqual([])
    expect((await clientAnswering(body).getTransactionDetails(1, 'x')).txInfo.type).toBe(type)
  })

  it('accepts the other transaction info types by type only, rejects unknown ones', async () => {
    const page = {
      results: [
        {
          type: 'TRANSACTION',
          conflictType: 'None',
          transaction: {
            ...sample.customTransaction,
            txInfo: { type: 'SwapOrder', humanDescription: 'Swap' },
          },
        },
      ],
    }
    const history = await clientAnswering(page).getTransactionHistory(1, sample.SAFE)
    const item = history.results[0]
    expect(item?.type === 'TRANSACTION' && item.transaction.txInfo.type).toBe('SwapOrder')
    const unknown = { ...sample.transactionDetails, txInfo: { type: 'Teleport' } }
    const error = await clientAnswering(unknown)
      .getTransactionDetails(1, 'x')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayResponseError)
    expect((error as GatewayResponseError).field).toBe('txInfo.type')
  })

  it('a multiSend transaction (tagged Custom) is read with its action count', async () => {
    const txInfo = { ...sample.customTransaction.txInfo, methodName: 'multiSend', actionCount: 3 }
    const body = { ...sample.transactionDetails, txInfo }
    expect(detailsIssues(body)).toEqual([])
    const details = await clientAnswering(body).getTransactionDetails(1, 'x')
    expect(details.txInfo.type === 'Custom' && details.txInfo.actionCount).toBe(3)
  })
})
