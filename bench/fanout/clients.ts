/**
 * The subscriber side of the fan-out benchmark, in its own process so that receiving does not steal
 * the server's event loop. It opens N sockets to one target (the STOMP endpoint, or the bare ws
 * server), records publish-to-receive latency of every delivery and reports to the parent over IPC.
 *
 * STOMP subscribers speak STOMP by hand (CONNECT, SUBSCRIBE with a receipt, MESSAGE parsing) rather
 * than through @stomp/stompjs: both targets must cost the receiver the same, so that the figures
 * compare the servers, not two client libraries. The tests use the real @stomp/stompjs client.
 */
import { WebSocket } from 'ws';
import type { ClientCommand, ClientReport } from './protocol.js';
import { summarize } from './stats.js';

const now = () => performance.timeOrigin + performance.now();

interface Conn {
  ws: WebSocket;
  received: number;
  lastSeq: number;
  outOfOrder: number;
}

/** Both targets stay connected for the whole run, so rounds can alternate under equal conditions. */
const targets = new Map<string, Conn[]>();
let conns: Conn[] = [];
let expected = 0;
let latencies: number[] = [];
let delivered = 0;
let lastReceiveAt = 0;
let firstReceiveAt = 0;
let waitingDone = false;

function send(msg: ClientReport) {
  process.send!(msg);
}

/** Both targets send the same STOMP MESSAGE bytes, so both receivers do the same work. */
function bodyOf(text: string): string {
  // A STOMP MESSAGE: headers, blank line, body, NUL.
  if (!text.startsWith('MESSAGE\n')) throw new Error(`unexpected frame ${text.slice(0, 40)}`);
  return text.slice(text.indexOf('\n\n') + 2, text.length - 1);
}

function onMessage(conn: Conn, data: Buffer) {
  const t = now();
  const text = data.toString('utf8');
  if (text === '\n') return; // heart-beat
  if (!waitingDone) return;
  const body = JSON.parse(bodyOf(text)) as { id: number; sentAt: number };
  if (body.id !== conn.lastSeq + 1) conn.outOfOrder++;
  conn.lastSeq = body.id;
  conn.received++;
  delivered++;
  latencies.push(t - body.sentAt);
  if (firstReceiveAt === 0) firstReceiveAt = t;
  lastReceiveAt = t;
  if (waitingDone && delivered === expected * conns.length) report();
}

function report() {
  waitingDone = false;
  send({
    type: 'report',
    delivered,
    expected: expected * conns.length,
    lost: conns.reduce((n, c) => n + Math.max(0, expected - c.received), 0),
    outOfOrder: conns.reduce((n, c) => n + c.outOfOrder, 0),
    firstReceiveAt,
    lastReceiveAt,
    latency: summarize(latencies),
  });
}

function open(url: string, headers: Record<string, string>, stomp: boolean): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, perMessageDeflate: false });
    const conn: Conn = { ws, received: 0, lastSeq: 0, outOfOrder: 0 };
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused ${res.statusCode}`)));
    ws.once('open', () => {
      if (!stomp) {
        ws.on('message', (d: Buffer) => onMessage(conn, d));
        return resolve(conn);
      }
      ws.send('CONNECT\naccept-version:1.2\nhost:bench\nheart-beat:0,0\n\n\0');
      ws.send('SUBSCRIBE\nid:sub-0\ndestination:/topic/offers/1\nreceipt:ready\n\n\0');
      // The RECEIPT comes once the server's bus subscription is live: nothing published after it is missed.
      const setup = (d: Buffer) => {
        const text = d.toString('utf8');
        if (text.startsWith('ERROR')) return reject(new Error(text));
        if (!text.startsWith('RECEIPT')) return;
        ws.off('message', setup);
        ws.on('message', (m: Buffer) => onMessage(conn, m));
        resolve(conn);
      };
      ws.on('message', setup);
    });
  });
}

process.on('message', async (cmd: ClientCommand) => {
  try {
    if (cmd.type === 'open') {
      const list: Conn[] = [];
      // In batches: 1 000 simultaneous handshakes would only measure the accept queue.
      for (let i = 0; i < cmd.count; i += 50) {
        const batch = Array.from({ length: Math.min(50, cmd.count - i) }, () => open(cmd.url, cmd.headers, cmd.stomp));
        list.push(...(await Promise.all(batch)));
      }
      targets.set(cmd.target, list);
      send({ type: 'opened', count: list.length });
    } else if (cmd.type === 'expect') {
      conns = targets.get(cmd.target) ?? [];
      expected = cmd.messages;
      latencies = [];
      delivered = 0;
      firstReceiveAt = 0;
      lastReceiveAt = 0;
      for (const c of conns) Object.assign(c, { received: 0, lastSeq: 0, outOfOrder: 0 });
      waitingDone = true;
      send({ type: 'expecting' });
    } else if (cmd.type === 'report') {
      if (waitingDone) report();
    } else if (cmd.type === 'close') {
      for (const list of targets.values()) for (const c of list) c.ws.terminate();
      process.exit(0);
    }
  } catch (err) {
    send({ type: 'failed', error: String(err) });
  }
});
