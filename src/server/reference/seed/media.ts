import type { Media } from './types.js';

/** An attachment uploaded at `date`, stored where WordPress would put it: `YYYY/MM/name`. */
export function makeMedia(fields: Omit<Media, 'file'> & { name: string }): Media {
  const { name, ...rest } = fields;
  const month = new Date(fields.date).toISOString().slice(0, 7).replace('-', '/');
  return { ...rest, file: `${month}/${name}` };
}
