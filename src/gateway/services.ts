import type { Redis } from 'ioredis';
import { cachedCredentials } from './auth/credential-cache';
import { type NonceStore, databaseNonces, redisNonces } from './auth/nonces';
import type { Config } from './config';
import { type JobQuota, jobQuota } from './limits/job-quota';
import type { Limits } from './limits/limits';
import { memoryLimits } from './limits/memory';
import { redisLimits } from './limits/redis';
import { RecognitionRuntime } from './recognition/runtime';
import { connectRedis, subscribeRedis } from './redis';
import { type ApplicationsRepo, applicationsRepo } from './store/applications';
import { type AuditLog, auditLog } from './store/audit';
import { type Storage, openStorage } from './store/db';
import { sealStoredSecrets } from './store/seal-stored';
import { sealer } from './store/sealed';
import { type PostalRepo, postalRepo } from './store/postal';
import { type SubAuthsRepo, subAuthsRepo } from './store/sub-auths';

/** Everything the access points and the core share, built once per process. */
export interface Services {
  config: Config;
  storage: Storage;
  applications: ApplicationsRepo;
  subAuths: SubAuthsRepo;
  audit: AuditLog;
  postal: PostalRepo;
  limits: Limits;
  /** caps on unfinished asynchronous jobs, checked where one is accepted */
  jobQuota: JobQuota;
  /** gateway_nonce values already used, shared by every gateway (Redis, or the database without it) */
  nonces: NonceStore;
  /** recognition workers and job queues; started by the gateway (startGateway), never by the admin command line */
  recognition: RecognitionRuntime;
  redis?: Redis;
  close(): Promise<void>;
}

export async function createServices(config: Config, log: { warn(obj: unknown, msg?: string): void }): Promise<Services> {
  const storage = await openStorage(config.DATABASE_URL);
  const sealed = sealer(config.SECRETS_KEY, config.SECRETS_KEY_PREVIOUS);
  try {
    const resealed = await sealStoredSecrets(storage.db, sealed);
    if (resealed > 0) log.warn({ resealed }, 'sealed stored secrets and tokens under SECRETS_KEY');
  } catch (e) {
    await storage.close();
    throw e;
  }
  const audit = auditLog(storage.db, { onError: (e) => log.warn({ err: e }, 'audit write failed') });
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, 'limits') : undefined;
  const limits = redis
    ? redisLimits(redis, { prefix: config.REDIS_PREFIX, onFallback: (e) => log.warn({ err: e }, 'redis unavailable, limiting in memory') })
    : memoryLimits();
  const recognition = new RecognitionRuntime(config, storage);
  // every process clears its credential cache when any of them changes an application or token
  const channel = `${config.REDIS_PREFIX}:credentials-changed`;
  const { clear: clearCredentials, ...credentials } = cachedCredentials(
    applicationsRepo(storage.db, sealed),
    subAuthsRepo(storage.db, sealed),
    config.CREDENTIAL_CACHE_SECONDS * 1000,
    async () => redis?.publish(channel, String(process.pid)),
    storage.changedElsewhere,
  );
  const subscription = config.REDIS_URL && config.CREDENTIAL_CACHE_SECONDS > 0 ? subscribeRedis(config.REDIS_URL, channel, clearCredentials) : undefined;
  return {
    config,
    storage,
    ...credentials,
    audit,
    postal: postalRepo(storage),
    limits,
    jobQuota: jobQuota(storage, {
      jobs: config.JOBS_QUEUED_MAX,
      bytes: config.JOBS_QUEUED_MAX_MIB * 1024 * 1024,
      appJobs: config.JOBS_QUEUED_PER_APP,
      appBytes: config.JOBS_QUEUED_PER_APP_MIB * 1024 * 1024,
      tokenJobs: config.JOBS_QUEUED_PER_TOKEN,
      tokenBytes: config.JOBS_QUEUED_PER_TOKEN_MIB * 1024 * 1024,
    }),
    nonces: redis ? redisNonces(redis, config.REDIS_PREFIX) : databaseNonces(storage.db),
    recognition,
    redis,
    async close() {
      await recognition.close();
      await audit.close();
      await limits.close();
      subscription?.close();
      redis?.disconnect();
      await storage.close();
    },
  };
}
