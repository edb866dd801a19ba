import type { FastifyReply, FastifyRequest } from "fastify";

/** The page size of a list without `limit`, and the largest one allowed (a small store's list fits whole). */
export const PAGE_MAX = 1000;

/**
 * One page of a list answer (`limit`, `offset`), which stays a plain JSON array: the total goes
 * in `X-Total-Count`, the neighbouring pages in `Link` (rel="next", rel="prev").
 */
export function page<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  items: readonly T[],
  q: { limit?: number | undefined; offset?: number | undefined },
): T[] {
  const limit = q.limit ?? PAGE_MAX;
  const offset = q.offset ?? 0;
  const path = req.url.split("?")[0] ?? "/";
  const link = (o: number, rel: string) => `<${path}?limit=${limit}&offset=${o}>; rel="${rel}"`;
  const links: string[] = [];
  if (offset + limit < items.length) links.push(link(offset + limit, "next"));
  if (offset > 0) links.push(link(Math.max(0, offset - limit), "prev"));
  void reply.header("x-total-count", String(items.length));
  if (links.length > 0) void reply.header("link", links.join(", "));
  return items.slice(offset, offset + limit);
}
/** The response headers of a paged list, for OpenAPI. */
export const PAGE_HEADERS = {
  "X-Total-Count": { type: "integer", description: "entries in the whole list" },
  Link: { type: "string", description: 'neighbouring pages: <...?limit=L&offset=O>; rel="next", rel="prev"' },
} as const;
