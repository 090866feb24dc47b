import type { FastifyInstance } from 'fastify';

/**
 * Requests are taken up in the order they arrived, a few per turn of the event loop.
 *
 * Node takes one new connection from the listening socket per turn of its event loop. A turn
 * reads every connection that has a request waiting, and with SQLite a page renders as soon as
 * its request is read, so under load a turn held a render for each open connection (200 of
 * them: about a second) and a new connection waited that long for each step of its turn in the
 * accept queue. In the load run, connections went unanswered for more than 10 s while those
 * already open were served again and again (docs/performance.md, "Requests in arrival order").
 * Here a request's handling starts from a queue, a batch a turn, so a turn stays short, new
 * connections are taken within milliseconds, and every request waits about as long as any
 * other.
 */
export interface ArrivalQueue {
  /** Resolves when the request may go on: at the next turn, behind those that came before. */
  turn(): Promise<void>;
  /** How many requests are waiting now. */
  readonly waiting: number;
  /** How many entries the queue holds: those waiting, and fewer than STARTED_KEPT started ones. */
  readonly held: number;
}

/**
 * How long the requests started in one turn may take before the next turn starts fewer. A turn
 * that took less starts twice as many the next time (up to MAX_BATCH), so cheap requests (a
 * cached guest page, an asset) are not held to one a turn; one that took more starts one.
 */
export const TURN_BUDGET_MS = 4;
export const MAX_BATCH = 64;
/**
 * Started entries are dropped from the front of the queue once there are this many. A process
 * that never catches up, so never empties its queue, would otherwise keep every request it ever
 * started.
 */
export const STARTED_KEPT = 1024;

export function arrivalQueue(nowMs: () => number = () => performance.now()): ArrivalQueue {
  const queue: Array<() => void> = [];
  let head = 0;
  let scheduled = false;
  let batch = 1;
  let lastTurnAt: number | undefined;

  const startBatch = () => {
    scheduled = false;
    const now = nowMs();
    if (lastTurnAt !== undefined) {
      batch = now - lastTurnAt > TURN_BUDGET_MS ? 1 : Math.min(batch * 2, MAX_BATCH);
    }
    lastTurnAt = now;
    for (let started = 0; started < batch && head < queue.length; started += 1) {
      const go = queue[head]!;
      head += 1;
      go();
    }
    if (head === queue.length) {
      queue.length = 0;
      head = 0;
      lastTurnAt = undefined;
      batch = 1;
      return;
    }
    if (head >= STARTED_KEPT) {
      queue.splice(0, head);
      head = 0;
    }
    scheduled = true;
    setImmediate(startBatch);
  };

  return {
    turn() {
      return new Promise<void>((resolve) => {
        queue.push(resolve);
        if (!scheduled) {
          scheduled = true;
          setImmediate(startBatch);
        }
      });
    },
    get waiting() {
      return queue.length - head;
    },
    get held() {
      return queue.length;
    },
  };
}

/** Every request, whatever its route, waits its turn before any other hook runs. */
export function serveInArrivalOrder(app: FastifyInstance, queue = arrivalQueue()): void {
  app.addHook('onRequest', async () => {
    await queue.turn();
  });
}
