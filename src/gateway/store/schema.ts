import type { Generated } from 'kysely';

/*
 * Table types for Kysely. Instants are epoch milliseconds (BIGINT in PostgreSQL, INTEGER in SQLite);
 * the wire formats (Asia/Shanghai wall-clock) are made at the edge.
 */

export interface ApplicationsTable {
  appid: Generated<number>;
  name: string;
  /** SHA-256 of the appKey: the key is shown once, at creation, and only looked up by hash */
  app_key_hash: string;
  /** kept as is: signatures are MD5/HMAC over it, so it must be recoverable */
  secret: string;
  disabled: number;
  /** 1: the ShowAPI-compatible md5/hmac signatures are accepted too (migrations/004-signatures.ts) */
  legacy_signature: Generated<number>;
  created_at: number;
}

export interface SubAuthsTable {
  id: Generated<number>;
  appid: number;
  out_code: string;
  access_token: string;
  /** SHA-256 of access_token, the lookup key on every token call */
  token_hash: string;
  /** normalised comma list without the trailing comma */
  permission_list: string;
  ip_white_list: string;
  rate: number;
  concurrency: number;
  end_time: number;
  remark: string;
  create_time: number;
  update_time: number;
}

export interface AuditTable {
  id: Generated<number>;
  at: number;
  request_id: string;
  appid: number | null;
  out_code: string | null;
  mode: string;
  point: string;
  code: number;
  latency_ms: number;
  client_ip: string;
}

/** One imported CSV row (1917); seq is its order in the file. *_norm: name stems (postal/names.ts). */
export interface PostalRegionsTable {
  seq: number;
  code: string;
  province: string;
  city: string;
  area: string;
  /** street or town; "" on county-level rows */
  county: string;
  province_norm: string;
  city_norm: string;
  area_norm: string;
  county_norm: string;
}

/** Distinct (province, city, area, code) of postal_regions, rebuilt by each import; seq is the first row's. */
export type PostalAreasTable = Omit<PostalRegionsTable, 'county' | 'county_norm'>;

/** The data set in use (one row, id 1). */
export interface PostalMetaTable {
  id: number;
  source: string;
  rows: number;
  skipped: number;
  imported_at: number;
}

/** An asynchronous recognition job (DESIGN.md §5); see migrations/003-recognition-jobs.ts and store/jobs.ts. */
export interface RecognitionJobsTable {
  /** the RequestId of the call that submitted it (the JobId of 2582-16) */
  id: string;
  appid: number;
  out_code: string | null;
  point: string;
  kind: string;
  /** the task options as JSON */
  options: string;
  status: string;
  /** how many times a worker started it */
  attempts: number;
  /** the fetched input; null once finished */
  input: Uint8Array | null;
  /** once PROCESS_SUCCESS: the JSON string of the Data, with the ret_code and remark the synchronous call would have had */
  result: string | null;
  ret_code: number | null;
  remark: string | null;
  /** gateway code and remark of a failure */
  error_code: number | null;
  error: string | null;
  /** in-process queue: who runs it and until when its heartbeat holds; null on BullMQ */
  owner: string | null;
  lease_until: number | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** null while queued or running */
  expires_at: number | null;
}

/** gateway_nonce values already used, `appid:nonce`, kept until their call's window has passed */
export interface UsedNoncesTable {
  key: string;
  expires_at: number;
}

export interface Database {
  applications: ApplicationsTable;
  sub_auths: SubAuthsTable;
  audit_log: AuditTable;
  postal_regions: PostalRegionsTable;
  postal_areas: PostalAreasTable;
  postal_meta: PostalMetaTable;
  recognition_jobs: RecognitionJobsTable;
  used_nonces: UsedNoncesTable;
}
