import { createHash } from "node:crypto";
import { CHART_CSS, DELIVERY_CHART_CSS, MAIN_CSS } from "./report-styles.ts";

const hashOf = (css: string) => `'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`;

/**
 * What a report document may load: its own inline styles (by hash) and data: images; nothing
 * else: no scripts, no requests, no forms. index.html carries it in a meta tag, so it holds
 * wherever the file is opened (from disk, inside the web UI, as a blob).
 */
export const REPORT_POLICY = `default-src 'none'; style-src ${[MAIN_CSS, CHART_CSS, DELIVERY_CHART_CSS].map(hashOf).join(" ")}; img-src data:; base-uri 'none'; form-action 'none'`;

/**
 * The policy served with every report file: also framed only by the server's own pages (the
 * web UI), and sandboxed (an opaque origin without scripts, forms or popups).
 */
export const REPORT_HEADER_POLICY = `${REPORT_POLICY}; frame-ancestors 'self'; sandbox`;
