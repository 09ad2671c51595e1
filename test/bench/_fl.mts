import { buildAndMeasureFirstLoad } from './first-load.ts';
const r = await buildAndMeasureFirstLoad(process.argv[2] ?? '/work/main');
console.log(r.scripts, (r.gzipBytes/1024).toFixed(1), 'KB');
