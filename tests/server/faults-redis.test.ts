// Issue 32, points 1 and 4 on the session store: two instances sharing a real Redis, which is
// stopped and started again on its port, and frozen (SIGSTOP: connections accepted, nothing
// answered). What needs Redis (a session, the lock of a create-only upload on a store without
// conditional writes) answers 503 naming the session store, at once while it is down and within
// the deadline while it is frozen; health says so; the outage is logged once, with its cause; and
// both instances recover by themselves. What does not need it (MEDIA_TOKEN, reads) keeps working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, AUTH, upload, type Served } from './helpers';
import { DEADLINE_MS, linesWith, MARGIN_MS, startInstance, until, within, type Instance } from './faults-setup';
import { startRedis, type RedisTestServer } from './redis-server';
import { startS3Server, type S3TestServer } from './s3-server';

const PREFIX = 'faults-redis/';

let s3: S3TestServer;
let redis: RedisTestServer;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  [s3, redis] = await Promise.all([startS3Server(), startRedis()]);
  const o = { endpoint: s3.endpoint, prefix: PREFIX, sessionStore: redis.url };
  [a, b] = await Promise.all([startInstance(o), startInstance(o)]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await Promise.all([s3?.stop(), redis?.stop()]);
});

const session = async (s: Served) => (await answer(await fetch(`${s.url}/api/session`, { method: 'POST', headers: AUTH }))).token;
const signedIn = (s: Served, token: string) => fetch(`${s.url}/api/session`, { headers: { authorization: `Bearer ${token}` } });
const errorOf = async (res: Response) => [res.status, (await answer(res)).error] as const;
const sessionsOf = async (s: Served) => {
  const res = await fetch(`${s.url}/api/health`);
  return [res.status, ((await res.json()) as { sessions: unknown }).sessions] as const;
};
const inTime = <T>(p: Promise<T>, what: string) => within(p, DEADLINE_MS + MARGIN_MS, what);

describe('Redis stopped, then started again on its port', () => {
  it('calls that need it answer 503 naming it at once, on A and B; the token still works; both recover by themselves', async () => {
    const token = await session(a);
    await redis.stop();
    const down = 'the session store is not available (not connected): try again in a moment';
    await until(async () => (await sessionsOf(a))[0] === 503 && (await sessionsOf(b))[0] === 503, 'both see Redis gone');
    for (const s of [a, b]) {
      expect(await errorOf(await inTime(signedIn(s, token), 'a session check'))).toEqual([503, down]);
      // A create-only upload needs the name's lock (fauxqs has no conditional writes): in Redis.
      expect(await errorOf(await inTime(upload(s, '3d/redis', 'once.obj', 'o x\n'), 'an upload'))).toEqual([503, down]);
      expect(await sessionsOf(s)).toEqual([503, { kind: 'redis', ok: false, problem: down }]);
      // The service's own token needs no Redis.
      expect((await fetch(`${s.url}/core/mediaLibrary`, { headers: AUTH })).status).toBe(200);
    }

    await redis.restart();
    for (const s of [a, b]) await until(async () => (await sessionsOf(s))[0] === 200, 'healthy again');
    // Redis kept nothing (no persistence here): the old session is gone, a new one works on both.
    expect((await signedIn(b, token)).status).toBe(401);
    const again = await session(b);
    expect((await signedIn(a, again)).status).toBe(200);
    expect((await upload(a, '3d/redis', 'once.obj', 'o x\n')).status).toBe(200);
    // One outage, one line when it began (with its cause) and one when it ended, per instance.
    for (const s of [a, b]) {
      expect(linesWith(s.logs, 'the session store').filter((l) => l.includes('is failing'))).toHaveLength(1);
      expect(linesWith(s.logs, 'the session store').filter((l) => l.includes('answers again'))).toHaveLength(1);
    }
    expect(linesWith(a.logs, 'is failing')[0]).toMatch(/the session store \(redis:\/\/127\.0\.0\.1:\d+\) is failing: /);
  });
});

describe('Redis frozen (accepts connections, answers nothing)', () => {
  it('a call that needs it answers 503 within the deadline, health says so, and thawed it answers again', async () => {
    const token = await session(a);
    redis.freeze();
    try {
      const late = 'the session store did not answer within 1 s';
      const answers = await inTime(Promise.all([signedIn(a, token), signedIn(b, token)]), 'session checks');
      expect(await Promise.all(answers.map(errorOf))).toEqual([
        [503, late],
        [503, late],
      ]);
      expect(await inTime(sessionsOf(b), 'health')).toEqual([503, { kind: 'redis', ok: false, problem: late }]);
    } finally {
      redis.thaw();
    }
    await until(async () => (await signedIn(b, token)).status === 200, 'the session accepted again');
    expect((await signedIn(a, token)).status).toBe(200);
  });
});
