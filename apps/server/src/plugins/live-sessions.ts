/** The bus topic on which any instance announces ended sessions (never a STOMP destination). */
export const SESSIONS_ENDED_TOPIC = 'internal/sessions-ended';

/**
 * Sessions ended: one session (sign-out), all of a user's (deactivation), or all but one (password
 * changed from that one).
 */
export interface SessionsEnded {
  userId: number;
  sessionId?: string;
  exceptSessionId?: string;
}

export interface LiveSession {
  readonly sessionId: string;
  end(reason: string): void;
}

/** The live sockets of this instance by user, so that an ended session closes them at once. */
export class LiveSessions {
  private readonly byUser = new Map<number, Set<LiveSession>>();

  add(userId: number, s: LiveSession) {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(s);
    return () => {
      set.delete(s);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  /** Ends the matching live sockets; returns how many. */
  end(ev: SessionsEnded): number {
    const set = this.byUser.get(ev.userId);
    if (!set) return 0;
    let n = 0;
    for (const s of [...set]) {
      if (ev.sessionId !== undefined && s.sessionId !== ev.sessionId) continue;
      if (ev.exceptSessionId !== undefined && s.sessionId === ev.exceptSessionId) continue;
      s.end('Session ended: sign in again');
      n++;
    }
    return n;
  }

  get size() {
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
  }
}

/** Reads an event from the bus; null when it is not one. */
export function parseSessionsEnded(payload: string): SessionsEnded | null {
  try {
    const v = JSON.parse(payload) as Partial<SessionsEnded>;
    if (!Number.isSafeInteger(v.userId)) return null;
    return {
      userId: v.userId!,
      ...(typeof v.sessionId === 'string' ? { sessionId: v.sessionId } : {}),
      ...(typeof v.exceptSessionId === 'string' ? { exceptSessionId: v.exceptSessionId } : {}),
    };
  } catch {
    return null;
  }
}
