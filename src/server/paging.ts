import type { FastifyReply, FastifyRequest } from "fastify";

/** Which part of a list was asked for; without `limit` the whole list. */
export interface PageWindow {
  limit?: number;
  offset: number;
}

/**
 * Paging metadata of every list answer (README, "Lists and paging"). The body stays the plain array spec §7
 * defines; `X-Total-Count` carries the size of the whole filtered list and `Link` (RFC 8288) the addresses of the
 * next and previous pages with the same filters, so a client never mistakes the first page for everything.
 */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  window: PageWindow,
  total: number,
  body: T,
): T {
  reply.header("X-Total-Count", String(total));
  const { limit, offset } = window;
  if (limit !== undefined) {
    const links: string[] = [];
    if (offset + limit < total) links.push(pageLink(request, limit, offset + limit, "next"));
    if (offset > 0) links.push(pageLink(request, limit, Math.max(0, offset - limit), "prev"));
    if (links.length > 0) reply.header("Link", links.join(", "));
  }
  return body;
}

/**
 * `sendPage` for a list read as two queries side by side, the page and the size of the whole filtered list (on
 * the pool, never a transaction's one connection).
 */
export async function sendListPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  window: PageWindow,
  read: { page: Promise<T>; total: Promise<number> },
): Promise<T> {
  const [page, total] = await Promise.all([read.page, read.total]);
  return sendPage(request, reply, window, total, page);
}

function pageLink(request: FastifyRequest, limit: number, offset: number, rel: "next" | "prev"): string {
  const url = new URL(request.url, "http://localhost");
  url.searchParams.set("limit", String(limit));
  url.searchParams.set("offset", String(offset));
  return `<${url.pathname}${url.search}>; rel="${rel}"`;
}
