import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  arrivalQueue,
  MAX_BATCH,
  serveInArrivalOrder,
  STARTED_KEPT,
  TURN_BUDGET_MS,
} from './arrival-order.ts';

/**
 * A queue whose clock answers the given times, one a turn (the queue reads it once as each turn
 * starts its batch), then 0; `batches()` says how many requests each turn started, in order.
 */
function scriptedQueue(times: readonly number[] = []) {
  let turns = 0;
  const queue = arrivalQueue(() => {
    turns += 1;
    return times[turns - 1] ?? 0;
  });
  const startedIn: number[] = [];
  const started: number[] = [];
  let arrived = 0;
  const arrive = (count: number) => {
    for (let index = 0; index < count; index += 1) {
      const request = arrived;
      arrived += 1;
      void queue.turn().then(() => {
        started.push(request);
        startedIn.push(turns);
      });
    }
  };
  const batches = () => {
    const counts: number[] = [];
    for (const turn of startedIn) counts[turn - 1] = (counts[turn - 1] ?? 0) + 1;
    return counts;
  };
  const settled = async () => {
    while (queue.waiting > 0 || started.length < arrived) {
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  return { queue, arrive, started, batches, settled };
}

describe('requests in arrival order', () => {
  it('starts requests in the order they arrived', async () => {
    const run = scriptedQueue();
    run.arrive(300);
    await run.settled();
    expect(run.started).toEqual(Array.from({ length: 300 }, (_, index) => index));
    expect(run.queue.waiting).toBe(0);
  });

  it('keeps the order, and drops the started, while it never empties', async () => {
    const run = scriptedQueue();
    const arrived = 6 * STARTED_KEPT;
    run.arrive(arrived);
    let mostStartedHeld = 0;
    while (run.started.length < arrived) {
      mostStartedHeld = Math.max(mostStartedHeld, run.queue.held - run.queue.waiting);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    expect(run.started).toEqual(Array.from({ length: arrived }, (_, index) => index));
    expect(mostStartedHeld).toBeGreaterThan(0);
    expect(mostStartedHeld).toBeLessThan(STARTED_KEPT + MAX_BATCH);
    expect(run.queue.held).toBe(0);
  });

  it('starts one a turn while turns take longer than the budget', async () => {
    const long = TURN_BUDGET_MS + 1;
    const run = scriptedQueue([0, long, 2 * long, 3 * long, 4 * long]);
    run.arrive(5);
    await run.settled();
    expect(run.batches()).toEqual([1, 1, 1, 1, 1]);
  });

  it('starts twice as many each short turn, up to the most a turn', async () => {
    const run = scriptedQueue();
    run.arrive(63 + 3 * MAX_BATCH);
    await run.settled();
    expect(run.batches()).toEqual([1, 2, 4, 8, 16, 32, MAX_BATCH, MAX_BATCH, MAX_BATCH]);
  });

  it('goes back to one after a long turn, and to one when the queue was empty', async () => {
    const run = scriptedQueue([0, 1, 2, 2 + TURN_BUDGET_MS + 1, 8, 100, 101]);
    run.arrive(10);
    await run.settled();
    expect(run.batches()).toEqual([1, 2, 4, 1, 2]);
    run.arrive(2);
    await run.settled();
    // The turn at 100 came long after the last, but the queue had emptied: it starts afresh.
    expect(run.batches()).toEqual([1, 2, 4, 1, 2, 1, 1]);
  });

  it('holds each request of a server until its turn, before any other hook', async () => {
    const app = Fastify();
    const order: string[] = [];
    const queue = arrivalQueue(() => 0);
    serveInArrivalOrder(app, queue);
    let waitingAtHook = -1;
    app.addHook('onRequest', async (request) => {
      if (request.url === '/a') waitingAtHook = queue.waiting;
      order.push(request.url);
    });
    app.get('/:name', async (request) => (request.params as { name: string }).name);
    await app.ready();
    const answers = await Promise.all(['a', 'b', 'c'].map((name) => app.inject(`/${name}`)));
    expect(answers.map((answer) => answer.body)).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['/a', '/b', '/c']);
    // When the first reached the next hook, the others were still waiting in the queue.
    expect(waitingAtHook).toBe(2);
    await app.close();
  });
});
