/**
 * The install step that stops `wrangler dev`'s proxy from rewriting every HTML page when live reload is off
 * (scripts/wrangler-dev-proxy.mjs, ADR 015 session 18). The installed proxy must carry it: without it the
 * benchmarks measure the proxy's HTML parser beside every page (a wrangler upgrade that changes the proxy's code
 * fails here, so the step is looked at again).
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
// @ts-expect-error plain ESM helper without types (it runs as `postinstall`, under any Node)
import { GUARDED, PROXY_WORKER, UNGUARDED, guardLiveReload } from "../../scripts/wrangler-dev-proxy.mjs";

const installed: string = readFileSync(PROXY_WORKER, "utf8");

describe("wrangler dev's proxy", () => {
  test("the installed proxy rewrites HTML only when live reload is on", () => {
    expect(installed.split(GUARDED)).toHaveLength(2);
    expect(installed).not.toContain(UNGUARDED);
    // The guard reads the live-reload setting the rewrite itself uses to decide whether to append its script.
    expect(installed).toMatch(/if \(proxyData\.liveReload\) \{\s*const websocketUrl/);
  });

  test("the step turns the proxy as wrangler ships it into the installed one, and leaves that as it is", () => {
    const asShipped = installed.replace(GUARDED, UNGUARDED);
    expect(asShipped).not.toBe(installed);
    expect(guardLiveReload(asShipped)).toBe(installed);
    expect(guardLiveReload(installed)).toBe(installed);
  });

  test("code it does not know is left alone", () => {
    expect(guardLiveReload(installed.replace("const { proxyData } = this;", "const proxyData = this.proxyData;"))).toBeNull();
    expect(guardLiveReload(installed.replace(GUARDED, `${UNGUARDED}${UNGUARDED}`))).toBeNull();
    expect(guardLiveReload("export default {};")).toBeNull();
  });
});
