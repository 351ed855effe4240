/** Messages between the benchmark's server process and its subscriber process. */
export type ClientCommand =
  | { type: 'open'; target: string; url: string; headers: Record<string, string>; stomp: boolean; count: number }
  | { type: 'expect'; target: string; messages: number }
  | { type: 'report' }
  | { type: 'close' };

export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export type ClientReport =
  | { type: 'opened'; count: number }
  | { type: 'expecting' }
  | {
      type: 'report';
      delivered: number;
      expected: number;
      lost: number;
      outOfOrder: number;
      firstReceiveAt: number;
      lastReceiveAt: number;
      latency: LatencySummary;
    }
  | { type: 'failed'; error: string };
