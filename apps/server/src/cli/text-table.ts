/**
 * Columns padded to their widest cell, two spaces apart, the last one not padded (no trailing blanks).
 *
 * @example textTable(['ID', 'CHAIN'], [['1a2b', '1']]) // 'ID    CHAIN\n1a2b  1\n'
 */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
  return `${[header, ...rows].map(line).join('\n')}\n`
}
