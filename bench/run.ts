// npm run bench: every measurement of docs/PERFORMANCE.md, printed as tables (figures recorded in docs/PERFORMANCE.md).
// Builds the web app first. --seconds N shortens the load cases (default 10 s each).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { apiLoad } from './api-load';
import { hotTill } from './hot-till';
import { bundleSizes } from './bundle-size';
import { ROOT, table } from './lib';
import { lighthouseInvoice } from './lighthouse';
import { pageLoad } from './page-load';
import { scale } from './scale';

console.log(
  `Specter benches - ${new Date().toISOString()} - ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}\n`,
);
const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(1);

console.log('\n## 1. First-visit JavaScript (gzipped, from dist/)\n');
table(bundleSizes());
console.log('\n## 2. Page load in Chromium (phone: 1.6 Mbps / 750 kbps / 150 ms RTT / 4x CPU)\n');
table(await pageLoad());
console.log('\n## 2b. Lighthouse on the invoice page (mobile, default throttling)\n');
table(await lighthouseInvoice());
console.log('\n## 3. API alone and under load (autocannon, 1 and 32 connections, each beside its own ceiling run)\n');
table(await apiLoad());
console.log('\n## 3b. The hot till as `npm start` runs it (compiled server, LOG_LEVEL info, interleaved with bare)\n');
table(await hotTill());
console.log('\n## 4. Scale: 100,000 app users and 1,000,000 saved orders\n');
table(await scale());
