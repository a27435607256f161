import { rollup } from 'rollup';
import config from './rollup.config.mjs';
const c = config[1];
const b = await rollup({ ...c, onwarn() {} });
const { output } = await b.generate(c.output);
for (const chunk of output) {
  if (chunk.type !== 'chunk') continue;
  const mods = Object.entries(chunk.modules).filter(([,m]) => m.renderedLength > 0).sort((a, b) => b[1].renderedLength - a[1].renderedLength);
  console.log(`== ${chunk.fileName} ${chunk.code.length}`);
  for (const [id, m] of mods.slice(0, 25)) console.log('   ', m.renderedLength, id.replace(process.cwd() + '/', ''));
}
