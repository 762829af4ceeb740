import { describe, expect, it } from 'vitest'
import { checkProjectId } from './walletconnect-project-id.ts'

describe('checkProjectId', () => {
  it('tells missing, placeholder, malformed and plausible ids apart', () => {
    expect(checkProjectId(undefined)).toEqual({ kind: 'missing' })
    expect(checkProjectId('  ')).toEqual({ kind: 'missing' })
    for (const placeholder of [
      'YOUR_PROJECT_ID',
      'your-project-id',
      'projectId',
      '21fef48091f12692cad574a6f7753643',
      '0000',
    ]) {
      expect(checkProjectId(placeholder).kind).toBe('placeholder')
    }
    expect(checkProjectId('not-an-id')).toEqual({ kind: 'malformed', projectId: 'not-an-id' })
    expect(checkProjectId('5e2e0c0ffee5e2e0c0ffee5e2e0c0ffe')).toEqual({
      kind: 'ok',
      projectId: '5e2e0c0ffee5e2e0c0ffee5e2e0c0ffe',
    })
  })
})
