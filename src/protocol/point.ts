import type { z } from 'zod';

/** How a caller may authenticate for a point (DESIGN.md §2). */
export type PointAuth =
  /** application credentials only (appKey or signature); tokens never, whatever their permissions */
  | 'application'
  /** application credentials or a sub-authorization token whose permission_list allows the point */
  | 'any';

export type PointId = `${number}-${number}`;

/**
 * The declarative description of one access point: everything a client or the gateway core needs
 * to know about it apart from what it does.
 */
export interface PointSpec<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  id: PointId;
  /** short Chinese title, shown in the API page and the extension */
  title: string;
  /** one English sentence */
  summary: string;
  methods: readonly ('GET' | 'POST')[];
  auth: PointAuth;
  /** the form or query fields; unknown fields are ignored */
  request: Req;
  /** the business body inside `gateway_res_body` */
  response: Res;
  /** recognition points accept `Async=true` and then answer with only a RequestId */
  acceptsAsync?: boolean;
}

export function definePoint<Req extends z.ZodType, Res extends z.ZodType>(spec: PointSpec<Req, Res>) {
  return spec;
}

export function productOf(id: PointId): number {
  return Number(id.split('-')[0]);
}
