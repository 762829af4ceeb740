import { describe, expect, it } from 'vitest'
import type { OpenApiDocument } from './openapi-document.ts'
import { checkAgainstSchema } from './schema-check.ts'

const doc: OpenApiDocument = {
  openapi: '3.0.0',
  info: {},
  paths: {},
  components: {
    schemas: {
      Owner: {
        type: 'object',
        properties: { value: { type: 'string' }, name: { type: 'string', nullable: true } },
        required: ['value'],
      },
      Cat: {
        type: 'object',
        properties: { type: { type: 'string', enum: ['CAT'] }, lives: { type: 'number' } },
        required: ['type', 'lives'],
      },
      Dog: { type: 'object', properties: { type: { type: 'string', enum: ['DOG'] } }, required: ['type'] },
    },
  },
}

describe('checkAgainstSchema', () => {
  it('follows $ref, required and nullable', () => {
    const owner = { $ref: '#/components/schemas/Owner' }
    expect(checkAgainstSchema(doc, owner, { value: '0x1', name: null })).toEqual([])
    expect(checkAgainstSchema(doc, owner, { name: 'x' })).toEqual([
      { path: '$.value', message: 'is missing' },
    ])
    expect(checkAgainstSchema(doc, owner, { value: 1 })).toEqual([
      { path: '$.value', message: 'expected string, got integer' },
    ])
    expect(checkAgainstSchema(doc, owner, null)).toEqual([
      { path: '$', message: 'expected object, got null' },
    ])
  })

  it('checks arrays, enums, patterns and extra properties', () => {
    const schema = {
      type: 'object' as const,
      properties: {
        list: { type: 'array' as const, items: { type: 'string' as const, pattern: '^0x' } },
        kind: { type: 'string' as const, enum: ['A'] },
      },
      additionalProperties: false,
    }
    expect(checkAgainstSchema(doc, schema, { list: ['0x1', 'x'], kind: 'B', extra: 1 })).toEqual([
      { path: '$.list[1]', message: 'does not match ^0x' },
      { path: '$.kind', message: '"B" is not one of ["A"]' },
      { path: '$.extra', message: 'is not allowed' },
    ])
  })

  it('oneOf: a value must match a variant; the closest variant is reported', () => {
    const pet = { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] }
    expect(checkAgainstSchema(doc, pet, { type: 'DOG' })).toEqual([])
    expect(checkAgainstSchema(doc, pet, { type: 'CAT', lives: 9 })).toEqual([])
    expect(checkAgainstSchema(doc, pet, { type: 'CAT', lives: '9' })).toEqual([
      { path: '$', message: 'matches none of 2 variants; closest: $.lives expected number, got string' },
    ])
  })

  it('allOf with nullable (the gateway writes optional references this way)', () => {
    const schema = {
      nullable: true,
      type: 'object' as const,
      allOf: [{ $ref: '#/components/schemas/Owner' }],
    }
    expect(checkAgainstSchema(doc, schema, null)).toEqual([])
    expect(checkAgainstSchema(doc, schema, {})).toEqual([{ path: '$.value', message: 'is missing' }])
  })
})
