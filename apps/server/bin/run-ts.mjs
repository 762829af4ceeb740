#!/usr/bin/env node
import { resolve } from 'node:path'
// Runs a TypeScript entry file through tsx's loader: `node run-ts.mjs file.ts [args…]`.
import { pathToFileURL } from 'node:url'
import { register } from 'tsx/esm/api'

register()
const [file, ...rest] = process.argv.slice(2)
if (!file) {
  console.error('usage: run-ts.mjs <file.ts> [args…]')
  process.exit(2)
}
process.argv = [process.argv[0], resolve(file), ...rest]
await import(pathToFileURL(resolve(file)).href)
