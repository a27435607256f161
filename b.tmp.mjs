const report = (n, v, u) => console.log(`${n}: ${v} ${u}`);
await (await import('./test/bench/seat-map.mjs')).benchSeatMap(report);
await (await import('./test/bench/event-list.mjs')).benchEventList(report);
