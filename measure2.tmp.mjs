import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const r = await build({ entryPoints:[process.argv[2]], bundle:true, minify:true, format:'esm', write:false, metafile:true, logLevel:'silent' });
const out = Object.values(r.metafile.outputs)[0];
console.log(Object.entries(out.inputs).sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput).slice(0,40).map(([k,v])=>k.replace('node_modules/','')+' '+v.bytesInOutput).join('\n'));
