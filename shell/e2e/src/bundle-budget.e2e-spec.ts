import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { baseUrl } from '../support/browser';

const run = promisify(execFile);
const SIZES = join(__dirname, '..', '..', '..', 'bench', 'sizes.mjs');

/**
 * Issue 17: the size part of `npm run bench` guards the JavaScript each page loads. It runs the
 * bench's own measurement (bench/sizes.mjs: the files Chromium loads for the login page and each
 * remote's first page, their gzip sizes from the builds) against the portal under test, and fails
 * with the table when a size is over its budget (shell ≤ 200 KB gzip on /login, the login page
 * ≤ 260, each remote's own code ≤ 60).
 */
describe('bundle sizes', () => {
  it('keeps the login page and each area within their budgets', async () => {
    let output: string;
    try {
      ({ stdout: output } = await run(process.execPath, [SIZES, '--base-url', baseUrl()], { timeout: 240_000 }));
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string; message: string };
      throw new Error(`bench/sizes.mjs failed:\n${failed.stdout ?? ''}\n${failed.stderr ?? failed.message}`);
    }
    expect(output).toMatch(/shell: all shell JS on \/login/);
    expect(output).toMatch(/mfe-admin: \/apps\/company\/all, own code/);
    expect(output).not.toMatch(/OVER/);
  }, 300_000);
});
