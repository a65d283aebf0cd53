/**
 * `../shared/data`, beside the repo: reference files that are never committed (../shared/data/SOURCES.md). A test
 * that reads them skips itself without them and carries `needsSharedData` (the tag "shared-data"), so that `npm
 * test` can fail when one of them is skipped while the folder is there (scripts/test.mjs).
 */
import path from "node:path";
import { SHARED_DATA_TAG } from "../../scripts/test-summary.ts";

export const SHARED_DATA = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../../shared/data");

/** Test options of a test (or `describe`) that reads `../shared/data`. */
export const needsSharedData = { tags: [SHARED_DATA_TAG] };
