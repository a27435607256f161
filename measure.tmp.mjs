import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const entry = process.argv[2];
const r = await build({ entryPoints:[entry], bundle:true, minify:true, format:'esm', write:false, metafile:true, logLevel:'silent', external: process.argv[3]? process.argv[3].split(','):[] });
const code = r.outputFiles[0].contents;
console.log('total min', code.length, 'gzip', gzipSync(code,{level:9}).length);
const out = Object.values(r.metafile.outputs)[0];
const byPkg = {};
for (const [f, v] of Object.entries(out.inputs)) { const k = f.includes('node_modules') ? f.split('node_modules/')[1].split('/').slice(0, f.split('node_modules/')[1].startsWith('@')?2:1).join('/') : f.replace(/^dist\//,'').split('/').slice(0,2).join('/'); byPkg[k]=(byPkg[k]||0)+v.bytesInOutput; }
console.log(Object.entries(byPkg).sort((a,b)=>b[1]-a[1]).map(([k,v])=>k+' '+v).join('\n'));
