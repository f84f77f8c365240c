import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { PointSpec } from '../../protocol/point';
import type { Caller } from '../auth/caller';
import type { Services } from '../services';

export interface PointContext<S extends PointSpec> {
  params: z.output<S['request']>;
  caller: Caller;
  /** also the gateway_res_id of the response */
  requestId: string;
  services: Services;
  /** aborted when the client goes away or the gateway shuts down */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/** An access point: its protocol description and what it does. The core does the rest. */
export interface PointHandler<S extends PointSpec = PointSpec> {
  spec: S;
  handle(ctx: PointContext<S>): Promise<z.input<S['response']>>;
}

export function defineHandler<S extends PointSpec>(
  spec: S,
  handle: (ctx: PointContext<S>) => Promise<z.input<S['response']>>,
): PointHandler<S> {
  return { spec, handle };
}
