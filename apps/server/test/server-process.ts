import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { buildChanged, ROOT, SERVER_ENTRY } from '../../../scripts/build.mjs';

/**
 * The compiled server (what `npm start` runs) as a child process, for tests that stop it with a
 * signal or kill it. The bundle is rebuilt first if its sources changed (scripts/build.mjs).
 */
export async function ensureServerBuilt() {
  await buildChanged(['server'], { log: () => undefined });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  proc: ChildProcess;
  port: number;
  base: string;
  ws: string;
  /** Everything the process wrote (stdout and stderr). */
  output(): string;
  /** Resolves once GET /api/health/ready answers 200; rejects if the process exits first. */
  ready(timeoutMs?: number): Promise<number>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** True once the process has exited. */
  readonly done: boolean;
}

/** Environment of a test server: quiet, no demo data, limits out of reach, nothing reaching the internet. */
export function serverEnv(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    REDIS_URL: '',
    DATABASE_URL: '',
    RATE_LIMIT_FACTOR: '10000',
    WS_MAX_CONNECTIONS_PER_IP: '100000',
    WEATHER_API_URL: 'http://127.0.0.1:9/v1/forecast',
    PRICE_SOURCES: '',
    ...env,
  };
}

export function startServer(port: number, env: Record<string, string>): ServerProcess {
  const proc = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], { cwd: ROOT, env: serverEnv(port, env), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  let done = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  return {
    proc,
    port,
    base,
    ws: `ws://127.0.0.1:${port}/ws`,
    output: () => out,
    exited,
    get done() {
      return done;
    },
    async ready(timeoutMs = 60_000) {
      const t0 = performance.now();
      for (;;) {
        if (done) throw new Error(`server on ${port} exited before it was ready:\n${out}`);
        try {
          const res = await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(1000) });
          if (res.status === 200) return performance.now() - t0;
        } catch {
          /* not listening yet */
        }
        if (performance.now() - t0 > timeoutMs) throw new Error(`server on ${port} not ready within ${timeoutMs} ms:\n${out}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}

/** Signs in over HTTP; returns the session cookie. */
export async function httpLogin(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`login failed ${res.status}: ${await res.text()}`);
  const set = res.headers.getSetCookie().find((c) => c.startsWith('primeur_sid='));
  if (!set) throw new Error('no session cookie');
  return set.split(';')[0]!;
}

export interface BidAnswer {
  status: number;
  body: { id?: number; amount?: number; code?: string; highest?: number | null; minimum?: number };
  /** No answer at all (connection refused or cut): not acknowledged. */
  failed?: string;
}

/** One bid over HTTP; a request that gets no answer is reported, never thrown. */
export async function httpBid(base: string, cookie: string, productId: number, amount: number): Promise<BidAnswer> {
  try {
    const res = await fetch(`${base}/api/users/auction/offers/add/${productId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ amount }),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let body: BidAnswer['body'] = {};
    try {
      body = JSON.parse(text) as BidAnswer['body'];
    } catch {
      /* not JSON */
    }
    return { status: res.status, body };
  } catch (err) {
    return {
      status: 0,
      body: {},
      failed: err instanceof Error ? `${err.message} ${String((err as { cause?: { code?: string } }).cause?.code ?? '')}` : String(err),
    };
  }
}
