// The bench's guests at the door (scripts/bench.mjs, mixed load): while the load generator keeps
// the server saturated, a few guests in this separate, otherwise idle process each open a
// guidebook every `every` ms on their own keep-alive connection, and time the whole answer. A
// saturating generator's own percentiles describe the generator as much as the server (wrk's p99
// against a bare node:http server is hundreds of ms); these are what one more guest waits.
//
//   node scripts/lib/guest-probe.mjs <base url> <seconds> <guests> <every ms> <path>…
// prints one JSON line: { count, p50, p99, max, failed, times } (milliseconds; `times` sorted, so
// that the bench can pool several runs).
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

const [base, seconds, guests, every, ...paths] = process.argv.slice(2);
const end = performance.now() + Number(seconds) * 1000;
const times = [];
let failed = 0;

function open(agent, pathname) {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(pathname, base), { agent, headers: { 'accept-encoding': 'br' } }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

async function guest(number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // Spread the guests over the first interval so they do not all ask at once.
  await sleep((Number(every) * number) / Number(guests));
  for (let i = number; performance.now() < end; i += 1) {
    const started = performance.now();
    try {
      await open(agent, paths[i % paths.length]);
      times.push(performance.now() - started);
    } catch {
      failed += 1;
    }
    await sleep(Math.max(0, Number(every) - (performance.now() - started)));
  }
  agent.destroy();
}

await Promise.all(Array.from({ length: Number(guests) }, (_, i) => guest(i)));
times.sort((a, b) => a - b);
const at = (q) => (times.length ? Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10 : null);
console.log(JSON.stringify({ count: times.length, p50: at(0.5), p99: at(0.99), max: at(1), failed, times: times.map((t) => Math.round(t * 100) / 100) }));
