// Upload agent benchmark (issue 15), part of `npm run bench`, not of `npm test`.
// Time from upload to draft (POST /api/upload until GET /api/upload/:id says 'para revisar') for a
// one-page text PDF, a one-page scan and a ten-page scan, RUNS each with different content (no
// de-duplication), beside the baseline of the same file read by the same reader code in this
// process (no HTTP, queue, database or extraction); and the API process's memory (VmRSS from
// /proc) idle and at its peak while it reads each kind. Then issue 36's budget: /api/health asked
// one after another from a process of its own while five zip bombs (196 KB inflating to 200 MB)
// are uploaded and refused, beside the same with nothing uploaded: p99 ≤ 100 ms.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetMark, median, pad, startBenchApi } from './measure.mjs';
import { freePort, signIn, waitForApi } from './ports.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS || 3);

const certificate = (run, page = 1) => [
  'Nitruraciones del Norte S.L.',
  'CERTIFICADO DE NITRURADO',
  `Nº certificado: CN-B${run}-${page}    Fecha: 12/03/2025`,
  'Fecha entrada: 10/03/2025    Fecha salida: 12/03/2025',
  'Proceso: Nitrurado gaseoso    Temperatura: 510 °C    Duración: 24 h',
  'Matriz\tDureza sup. (HV)\tCapa (mm)\tNúcleo (HRC)',
  `4521-2\t1.050 HV\t0,12\t46`,
  `EN-1042-1\t1.020 HV\t0,10\t45`,
  `Página ${page} · Observaciones: Sin incidencias.`,
];

const rssMb = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
};

/** Samples a process's memory every 20 ms while `work` runs; its peak in MB. */
async function peakWhile(pid, work) {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

const HEALTH_P99_BUDGET_MS = 100;
const percentile = (samples, share) => [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * share) - 1];

/** The times of /api/health answers asked one after another (by the API tests' sampler, a process of its own) while `work` runs. */
async function healthWhile(base, work) {
  const sampler = spawn(process.execPath, [join(ROOT, 'api', 'test', 'support', 'health-sampler.cjs'), `${base}/api/health`, '200'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  sampler.stdout.on('data', (chunk) => (output += chunk));
  const exited = new Promise((done) => sampler.once('exit', done));
  while (!output.startsWith('READY\n')) {
    if (sampler.exitCode !== null) throw new Error('The health sampler ended before it was ready');
    await new Promise((done) => setTimeout(done, 10));
  }
  try {
    await work();
  } finally {
    sampler.stdin.end();
  }
  if ((await exited) !== 0) throw new Error('/api/health did not answer 200 throughout');
  return JSON.parse(output.split('\n')[1]);
}

/** Five zip bombs uploaded and refused one after another, while health is timed. */
async function healthUnderBombs(base, headers) {
  const { xlsxBomb } = require(join(ROOT, 'api', 'dist', 'uploads', 'reading', 'zip-samples.js'));
  const bombs = await Promise.all([200, 201, 202, 203, 204].map((mb) => xlsxBomb(mb)));
  const idle = await healthWhile(base, () => new Promise((done) => setTimeout(done, 3000)));
  const bombing = await healthWhile(base, async () => {
    for (const [index, bomb] of bombs.entries()) {
      const form = new FormData();
      form.append('file', new Blob([bomb], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), `bomba-${index}.xlsx`);
      const created = await (await fetch(`${base}/api/upload`, { method: 'POST', headers, body: form })).json();
      for (;;) {
        const detail = await (await fetch(`${base}/api/upload/${created.id}`, { headers })).json();
        if (detail.status === 'error') break;
        if (detail.status === 'review') throw new Error('A zip bomb was read instead of refused');
        await new Promise((done) => setTimeout(done, 50));
      }
    }
  });
  console.log(`\nHealth while zip bombs are refused (issue 36): /api/health one after another from a process of its own`);
  console.log(`${pad('while', 32)} ${pad('n', 5, true)} ${pad('p50 ms', 8, true)} ${pad('p99 ms', 8, true)} ${pad('max ms', 8, true)}  budget`);
  console.log(`${'-'.repeat(32)} ${'-'.repeat(5)} ${'-'.repeat(8)} ${'-'.repeat(8)} ${'-'.repeat(8)}  ------`);
  for (const [name, samples, budgeted] of [
    ['nothing uploaded (baseline)', idle, false],
    ['5 bombs of 200 MB refused', bombing, true],
  ]) {
    const p99 = percentile(samples, 0.99);
    const mark = budgeted ? `p99 ${budgetMark('health while zip bombs are refused, p99', p99, HEALTH_P99_BUDGET_MS)}` : '';
    console.log(
      `${pad(name, 32)} ${pad(samples.length, 5, true)} ${pad(percentile(samples, 0.5).toFixed(1), 8, true)} ${pad(p99.toFixed(1), 8, true)} ${pad(Math.max(...samples).toFixed(1), 8, true)}  ${mark}`,
    );
  }
}

export async function runUploadsBench() {
  const samples = join(ROOT, 'api', 'dist', 'uploads', 'reading', 'sample-files.js');
  if (!existsSync(samples)) {
    console.log('Upload bench: build first (npx nx run-many -t build).');
    return;
  }
  const { textPdf, scannedPdf } = require(samples);
  const { readDocument } = require(join(ROOT, 'api', 'dist', 'uploads', 'reading', 'document-reader.js'));
  const { closeSharedOcrEngine } = require(join(ROOT, 'api', 'dist', 'uploads', 'reading', 'ocr-engine.js'));
  const cases = [
    { name: 'text PDF, 1 page', make: (run) => textPdf(certificate(run)) },
    { name: 'scan PDF, 1 page', make: (run) => scannedPdf(certificate(run)) },
    { name: 'scan PDF, 10 pages', make: (run) => scannedPdf([], { pages: Array.from({ length: 10 }, (_, page) => certificate(run, page + 1)) }) },
  ];
  const portal = await startBenchApi(ROOT, 'uploads', { freePort, waitForApi });
  try {
    const { access_token: token } = await signIn(portal.base, 'matriceria@norte.example');
    const headers = { authorization: `Bearer ${token}` };
    // The demo's queued documents are read at start: wait for the queue to be empty.
    for (;;) {
      const list = await (await fetch(`${portal.base}/api/upload/all?pageSize=100`, { headers })).json();
      if (!list.items.some((row) => row.status === 'uploaded' || row.status === 'processing')) break;
      await new Promise((done) => setTimeout(done, 200));
    }
    const idle = rssMb(portal.pid);
    const rows = [];
    let run = 0;
    for (const kind of cases) {
      const api = [];
      const direct = [];
      let peak = 0;
      for (let index = 0; index < RUNS; index++) {
        run += 1;
        const bytes = await kind.make(run);
        const measured = await peakWhile(portal.pid, async () => {
          const form = new FormData();
          form.append('file', new Blob([bytes], { type: 'application/pdf' }), `bench-${run}.pdf`);
          const start = performance.now();
          const created = await (await fetch(`${portal.base}/api/upload`, { method: 'POST', headers, body: form })).json();
          for (;;) {
            const detail = await (await fetch(`${portal.base}/api/upload/${created.id}`, { headers })).json();
            if (detail.status === 'review') return performance.now() - start;
            if (detail.status === 'error') throw new Error(`Upload failed: ${detail.error}`);
            await new Promise((done) => setTimeout(done, 25));
          }
        });
        api.push(measured.result);
        peak = Math.max(peak, measured.peak);
        const start = performance.now();
        await readDocument(bytes, { maxPages: 10 });
        direct.push(performance.now() - start);
      }
      rows.push([kind.name, RUNS, median(api), median(direct), peak]);
    }
    await closeSharedOcrEngine();
    console.log(
      `\nUpload agent: upload to draft (median of ${RUNS}), beside the same reader in-process (the baseline); API process memory idle ${idle.toFixed(0)} MB`,
    );
    console.log(
      `${pad('document', 24)} ${pad('n', 3, true)} ${pad('upload→draft ms', 16, true)} ${pad('reader only ms', 15, true)} ${pad('peak RSS MB', 12, true)}`,
    );
    console.log(`${'-'.repeat(24)} ${'-'.repeat(3)} ${'-'.repeat(16)} ${'-'.repeat(15)} ${'-'.repeat(12)}`);
    for (const [name, n, viaApi, direct, peak] of rows)
      console.log(
        `${pad(name, 24)} ${pad(n, 3, true)} ${pad(viaApi.toFixed(0), 16, true)} ${pad(direct.toFixed(0), 15, true)} ${pad(peak.toFixed(0), 12, true)}`,
      );
    await healthUnderBombs(portal.base, headers);
  } finally {
    await portal.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runUploadsBench();
