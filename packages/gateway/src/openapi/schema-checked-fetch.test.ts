import { describe, expect, it } from 'vitest'
import { recordingFetch } from '../recording-fetch.ts'
import * as sample from '../sample-responses.ts'
import { loadGatewaySchema } from './load-gateway-schema.ts'
import { schemaCheckedFetch } from './schema-checked-fetch.ts'

const BASE = 'https://gateway.test'

describe('schemaCheckedFetch', () => {
  it('records no problem for a conforming exchange', async () => {
    const checked = schemaCheckedFetch(
      loadGatewaySchema(),
      recordingFetch({ status: 200, body: sample.nonces }).fetch,
    )
    await checked.fetch(`${BASE}/v1/chains/1/safes/${sample.SAFE}/nonces`)
    expect(checked.exchanges).toEqual([
      {
        method: 'GET',
        url: `${BASE}/v1/chains/1/safes/${sample.SAFE}/nonces`,
        status: 200,
        template: '/v1/chains/{chainId}/safes/{safeAddress}/nonces',
        problems: [],
      },
    ])
    expect(checked.problems()).toEqual([])
  })

  it('reports a response that does not conform, and a request that is not an operation', async () => {
    const checked = schemaCheckedFetch(
      loadGatewaySchema(),
      recordingFetch({ status: 200, body: { currentNonce: '1' } }).fetch,
    )
    await checked.fetch(`${BASE}/v1/chains/1/safes/${sample.SAFE}/nonces`)
    await checked.fetch(`${BASE}/v1/unknown`, { method: 'POST', body: '{}' })
    expect(checked.problems()).toEqual([
      `GET ${BASE}/v1/chains/1/safes/${sample.SAFE}/nonces: GET /v1/chains/{chainId}/safes/{safeAddress}/nonces → 200: $.recommendedNonce is missing; $.currentNonce expected number, got string`,
      `POST ${BASE}/v1/unknown: POST /v1/unknown is not an operation of the schema`,
    ])
  })

  it('does not check error responses (the schema does not describe them)', async () => {
    const checked = schemaCheckedFetch(
      loadGatewaySchema(),
      recordingFetch({ status: 422, body: { code: 422, message: 'nope' } }).fetch,
    )
    await checked.fetch(`${BASE}/v1/chains/1/messages/0x12/signatures`, {
      method: 'POST',
      body: '{"signature":"0x"}',
    })
    expect(checked.exchanges[0]?.status).toBe(422)
    expect(checked.problems()).toEqual([])
  })
})
