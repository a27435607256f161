/** Reads an id-list attribute (`"12"`, `"3,4"`, `" 3 , 4 "`); anything that is not a positive id is dropped. */
export function parseIds(value: string | number | null | undefined): number[] {
  if (!value) return [];
  const ids = new Set<number>();
  for (const part of `${value}`.split(',')) {
    const text = part.trim();
    if (!/^\d{1,15}$/.test(text)) continue;
    const id = Number(text);
    if (id > 0) ids.add(id);
  }
  return [...ids];
}
