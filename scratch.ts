import { startWeatherStandIn, gridOf } from './infra/local/weather/stand-in.ts';
const s = await startWeatherStandIn();
const r = await fetch(`${s.url}/_local/faults`, { method: 'POST', body: JSON.stringify({ point: '37.1234,-80.5678', kind: 'server_error', on: 'points' }) });
console.log(r.status, await r.text());
const p = await fetch(`${s.url}/points/37.1234,-80.5678`, { headers: { 'user-agent': 'x' } });
console.log(p.status);
console.log(gridOf(37.1234, -80.5678));
await s.stop();
