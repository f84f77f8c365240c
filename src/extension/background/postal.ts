import type { Outcome, ParsedRequestOf, PostalPageView } from '../../protocol/messages';
import { currentClient } from './current-client';

/*
 * Postal search for the popup (DESIGN.md §4): the token stays here, the popup gets the page of rows.
 */

const PAGE_SIZE = '10';

function pageOf(body: PostalPageView): PostalPageView {
  const { allNum, allPages, currentPage, maxResult, contentlist } = body;
  return { allNum, allPages, currentPage, maxResult, contentlist };
}

export async function byCode(req: ParsedRequestOf<'postal.byCode'>): Promise<Outcome<PostalPageView>> {
  const conn = await currentClient();
  if (!conn.ok) return conn;
  const res = await conn.value.client.call('1917-1', { code: req.code, page: String(req.page), maxResult: PAGE_SIZE });
  return res.ok ? { ok: true, value: pageOf(res.value) } : res;
}

export async function byRegion(req: ParsedRequestOf<'postal.byRegion'>): Promise<Outcome<PostalPageView>> {
  const conn = await currentClient();
  if (!conn.ok) return conn;
  // only the names given: an empty field would be sent as "match anything" by some clients, not by us
  const names = Object.fromEntries(
    (['province', 'city', 'area', 'county'] as const).filter((k) => req[k] !== '').map((k) => [k, req[k]]),
  );
  const res = await conn.value.client.call('1917-2', { ...names, page: String(req.page), maxResult: PAGE_SIZE });
  return res.ok ? { ok: true, value: pageOf(res.value) } : res;
}
