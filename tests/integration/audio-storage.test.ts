/**
 * Recordings are stored and played by one module (app/services/audio-storage.server.ts): a clip's key, type and
 * size come from its D1 row, and each play is one R2 read (a `get`, with the range of a Range request; a `head` only
 * for a HEAD request), never a `head` before a `get`. A failed R2 write leaves no row behind. The Worker is given
 * an R2 binding that records every call (the bindings are built from the env it is handed); D1 is the real one.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import worker from "../../workers/app";
import { insertUser, sessionCookieHeader } from "../factories/users";

type Call = { method: string; options: unknown };

/** env.AUDIO behind a proxy that records each call; `failPut`: every put throws, as when R2 is down. */
function recordingBucket({ failPut = false } = {}) {
  const calls: Call[] = [];
  const bucket = new Proxy(env.AUDIO, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        calls.push({ method: String(property), options: args[1] });
        if (failPut && property === "put") return Promise.reject(new Error("R2 is down"));
        return value.apply(target, args);
      };
    },
  });
  return { bucket, calls };
}

async function call(path: string, bucket: R2Bucket, init: RequestInit = {}, cookie?: string) {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("Cookie", cookie);
  if (init.method && !["GET", "HEAD"].includes(init.method)) headers.set("Origin", "http://localhost");
  const ctx = createExecutionContext();
  const request = new Request(`http://localhost${path}`, { ...init, headers, redirect: "manual" }) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, { ...env, AUDIO: bucket } as Env, ctx);
  const bytes = new Uint8Array(await response.arrayBuffer());
  await waitOnExecutionContext(ctx);
  return { response, bytes };
}

/** A clip that starts like an Ogg file (what the sniffer looks at), each byte telling its place. */
function oggClip(size: number) {
  const bytes = new Uint8Array(size).map((_, i) => i % 251);
  bytes.set(new TextEncoder().encode("OggS"), 0);
  return bytes;
}

function clipBody(bytes: Uint8Array<ArrayBuffer>) {
  const body = new FormData();
  body.append("audio", new Blob([bytes]), "clip.ogg");
  return body;
}

async function editorCookie() {
  return sessionCookieHeader(env, await insertUser(env, { role: "editor" }));
}

async function insertWord() {
  const name = `storedword${crypto.randomUUID().replace(/\d|-/g, "").slice(0, 8)}`;
  const row = await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, 'vai', 's/he is stored') RETURNING id")
    .bind(name, name)
    .first<{ id: number }>();
  return row!.id;
}

test("a recorded clip is played with one R2 get, whole or a range, its type and size from D1", async () => {
  const wordId = await insertWord();
  const cookie = await editorCookie();
  const clip = oggClip(1000);
  const upload = recordingBucket();
  const saved = await call(`/api/editor/lexemes/${wordId}/audio`, upload.bucket, { method: "POST", body: clipBody(clip) }, cookie);
  expect(saved.response.status).toBe(200);
  const file = (JSON.parse(new TextDecoder().decode(saved.bytes)) as { files: string[] }).files[0]!;
  expect(upload.calls.map((c) => c.method)).toEqual(["put"]);
  const row = await env.DB.prepare("SELECT content_type, size FROM audio_objects WHERE key = ?").bind(`audio/${file}`).first();
  expect(row).toEqual({ content_type: "audio/ogg", size: 1000 });

  const whole = recordingBucket();
  const played = await call(`/audio/${file}`, whole.bucket);
  expect(played.response.status).toBe(200);
  expect(played.response.headers.get("Content-Type")).toBe("audio/ogg");
  expect(played.response.headers.get("Content-Length")).toBe("1000");
  expect(played.response.headers.get("Accept-Ranges")).toBe("bytes");
  expect(played.response.headers.get("ETag")).toBeTruthy();
  expect(played.bytes).toEqual(clip);
  expect(whole.calls).toEqual([{ method: "get", options: undefined }]);

  const part = recordingBucket();
  const ranged = await call(`/audio/${file}`, part.bucket, { headers: { Range: "bytes=100-199" } });
  expect(ranged.response.status).toBe(206);
  expect(ranged.response.headers.get("Content-Range")).toBe("bytes 100-199/1000");
  expect(ranged.response.headers.get("Content-Length")).toBe("100");
  expect(ranged.bytes).toEqual(clip.slice(100, 200));
  // R2 reads only those bytes, worked out from the size in D1.
  expect(part.calls).toEqual([{ method: "get", options: { range: { offset: 100, length: 100 } } }]);

  const tail = recordingBucket();
  const last = await call(`/audio/${file}`, tail.bucket, { headers: { Range: "bytes=-10" } });
  expect(last.response.headers.get("Content-Range")).toBe("bytes 990-999/1000");
  expect(last.bytes).toEqual(clip.slice(990));
  expect(tail.calls).toEqual([{ method: "get", options: { range: { offset: 990, length: 10 } } }]);

  // A range past the end is refused from D1's size, without asking R2.
  const beyond = recordingBucket();
  const refused = await call(`/audio/${file}`, beyond.bucket, { headers: { Range: "bytes=1000-" } });
  expect(refused.response.status).toBe(416);
  expect(refused.response.headers.get("Content-Range")).toBe("bytes */1000");
  expect(beyond.calls).toEqual([]);

  // A HEAD request is one R2 head and no get.
  const head = recordingBucket();
  const headed = await call(`/audio/${file}`, head.bucket, { method: "HEAD" });
  expect(headed.response.status).toBe(200);
  expect(headed.response.headers.get("Content-Length")).toBe("1000");
  expect(head.calls.map((c) => c.method)).toEqual(["head"]);
});

test("the type served is D1's, and the editor's player reads the same way", async () => {
  const cookie = await editorCookie();
  const key = `audio/d1type${crypto.randomUUID().slice(0, 8)}.ogg`;
  const clip = oggClip(300);
  // Stored in R2 without its type: the row says what it is.
  await env.AUDIO.put(key, clip, { httpMetadata: { contentType: "application/octet-stream" } });
  const row = await env.DB.prepare("INSERT INTO audio_objects (key, content_type, size) VALUES (?, 'audio/ogg', 300) RETURNING id")
    .bind(key)
    .first<{ id: number }>();

  const reads = recordingBucket();
  const played = await call(`/${key}`, reads.bucket, { headers: { Range: "bytes=0-9" } });
  expect(played.response.status).toBe(206);
  expect(played.response.headers.get("Content-Type")).toBe("audio/ogg");
  expect(played.bytes).toEqual(clip.slice(0, 10));
  expect(reads.calls.map((c) => c.method)).toEqual(["get"]);

  const editorReads = recordingBucket();
  const editorPlayed = await call(`/api/editor/audio/${row!.id}`, editorReads.bucket, { headers: { Range: "bytes=290-" } }, cookie);
  expect(editorPlayed.response.status).toBe(206);
  expect(editorPlayed.response.headers.get("Content-Type")).toBe("audio/ogg");
  expect(editorPlayed.response.headers.get("Content-Range")).toBe("bytes 290-299/300");
  expect(editorPlayed.response.headers.get("Cache-Control")).toBe("private, no-store");
  expect(editorPlayed.bytes).toEqual(clip.slice(290));
  expect(editorReads.calls).toEqual([{ method: "get", options: { range: { offset: 290, length: 10 } } }]);
});

test("an object D1 has no row for is still one R2 get, its size from that get", async () => {
  const key = `audio/norow${crypto.randomUUID().slice(0, 8)}.mp3`;
  const clip = oggClip(500);
  await env.AUDIO.put(key, clip, { httpMetadata: { contentType: "audio/mpeg" } });
  const reads = recordingBucket();
  const played = await call(`/${key}`, reads.bucket, { headers: { Range: "bytes=400-" } });
  expect(played.response.status).toBe(206);
  expect(played.response.headers.get("Content-Type")).toBe("audio/mpeg");
  expect(played.response.headers.get("Content-Range")).toBe("bytes 400-499/500");
  expect(played.bytes).toEqual(clip.slice(400));
  expect(reads.calls.map((c) => c.method)).toEqual(["get"]);

  const beyond = recordingBucket();
  const refused = await call(`/${key}`, beyond.bucket, { headers: { Range: "bytes=600-" } });
  expect(refused.response.status).toBe(416);
  expect(refused.response.headers.get("Content-Range")).toBe("bytes */500");
  expect(beyond.calls.map((c) => c.method)).toEqual(["get"]);
});

test("when R2 refuses the clip its row goes again, the failure is audited and the word keeps no recording", async () => {
  const wordId = await insertWord();
  const cookie = await editorCookie();
  const down = recordingBucket({ failPut: true });
  const failed = await call(`/api/editor/lexemes/${wordId}/audio`, down.bucket, { method: "POST", body: clipBody(oggClip(256)) }, cookie);
  expect(failed.response.status).toBe(500);
  expect(JSON.parse(new TextDecoder().decode(failed.bytes))).toEqual({
    success: false,
    error: "Upload failed. The server did not indicate success.",
    uploaded: [],
  });
  expect(down.calls.map((c) => c.method)).toEqual(["put"]);
  const rows = await env.DB.prepare("SELECT count(*) AS n FROM audio_objects WHERE key LIKE ? ESCAPE '\\'").bind(`audio/word${wordId}\\_%`).first();
  expect(rows).toEqual({ n: 0 });
  const log = await env.DB.prepare("SELECT action FROM edit_log WHERE entity = 'lexemes' AND entity_id = ? ORDER BY id").bind(String(wordId)).all();
  expect(log.results).toEqual([{ action: "add_audio" }, { action: "upload_failed" }]);
  expect(await env.DB.prepare("SELECT audio_id FROM lexemes WHERE id = ?").bind(wordId).first()).toEqual({ audio_id: null });
});
