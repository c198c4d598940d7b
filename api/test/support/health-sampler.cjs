// Asks an API's health one request after another, in a process of its own (so that the test
// process's own pauses, its garbage collection among them, do not count as the API's), until stdin
// closes and at least <minimum> answers were timed; then prints each answer's time (ms) as JSON.
//   node health-sampler.cjs <url> <minimum>
// Prints `READY` once warmed up (its first answers, slow in a new process, are not timed).
const [url, minimum] = process.argv.slice(2);
const WARM_UP = 20;
const times = [];
let asked = true;
process.stdin.on('end', () => (asked = false));
process.stdin.resume();

async function ask() {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

(async () => {
  for (let index = 0; index < WARM_UP; index++) await ask();
  process.stdout.write('READY\n');
  while (asked || times.length < Number(minimum)) times.push(await ask());
  process.stdout.write(`${JSON.stringify(times)}\n`);
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
