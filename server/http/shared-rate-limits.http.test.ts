import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClock } from '~tests/support/clock.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { describeRequiring } from '~tests/support/required-suite.ts';
import { buildWith } from './sign-in.fixture.ts';

const SIGN_IN_START = '/services/auth/sso/portal?startURL=%2F0%2F';

/** A visitor address of its own, so runs sharing one Redis never count each other. */
function visitorAddress(): string {
  const [a, b] = randomBytes(2);
  return `10.${a}.${b}.7`;
}

/** Sign-in starts from one address, each through the process named. */
async function attempts(apps: readonly FastifyInstance[], address: string): Promise<number[]> {
  const statuses: number[] = [];
  for (const app of apps) {
    const response = await app.inject({
      method: 'GET',
      url: SIGN_IN_START,
      remoteAddress: address,
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describeEachDialect('rate limits shared by processes', (database) => {
  const clock = new TestClock('2031-03-03T09:00:00.000Z');
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    const env = { RATE_LIMIT_STORE: 'database', SIGN_IN_RATE_LIMIT: '3' };
    ({ app: first } = await buildWith(database(), env, clock));
    ({ app: second } = await buildWith(database(), env, clock));
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('holds a limit counted on one process on the other', async () => {
    const address = visitorAddress();
    expect(await attempts([first, second, first, second, first], address)).toEqual([
      302, 302, 302, 429, 429,
    ]);
    // Another visitor has a window of their own.
    expect(await attempts([second], visitorAddress())).toEqual([302]);
  });

  it('opens the window again on every process when the minute is over', async () => {
    const address = visitorAddress();
    expect(await attempts([first, first, first, second], address)).toEqual([302, 302, 302, 429]);
    clock.advance(60_000);
    expect(await attempts([second, first, second, first], address)).toEqual([302, 302, 302, 429]);
  });

  it('loses no count when processes count at the same moment', async () => {
    const address = visitorAddress();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        (n % 2 === 0 ? first : second)
          .inject({ method: 'GET', url: SIGN_IN_START, remoteAddress: address })
          .then((response) => response.statusCode),
      ),
    );
    expect(statuses.filter((status) => status === 302)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  describeRequiring(
    'in Redis',
    { available: Boolean(redisUrl), missing: 'TEST_REDIS_URL is not set' },
    () => {
      let inRedis: FastifyInstance[] = [];
      beforeAll(async () => {
        const env = {
          RATE_LIMIT_STORE: 'redis',
          REDIS_URL: redisUrl ?? '',
          SIGN_IN_RATE_LIMIT: '2',
        };
        inRedis = [(await buildWith(database(), env)).app, (await buildWith(database(), env)).app];
      });
      afterAll(async () => {
        await Promise.all(inRedis.map((app) => app.close()));
      });

      it('holds a limit counted on one process on the other', async () => {
        const [one, other] = inRedis as [FastifyInstance, FastifyInstance];
        expect(await attempts([one, other, one, other], visitorAddress())).toEqual([
          302, 302, 429, 429,
        ]);
      });
    },
  );

  it('lets requests through when the shared counter cannot be reached', async () => {
    const { app } = await buildWith(database(), {
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL: 'redis://127.0.0.1:1',
      SIGN_IN_RATE_LIMIT: '1',
    });
    try {
      expect(await attempts([app, app], visitorAddress())).toEqual([302, 302]);
    } finally {
      await app.close();
    }
  });
});
