import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { sniffAudio } from "../../app/services/audio-upload.server";
import { extensionForType, formClipName, uploadFileName } from "../../app/utils/clip-names";

const bytes = (...parts: Array<string | number[]>) => new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

test("audio types come from the bytes: webm, ogg, mp3, m4a", () => {
  expect(sniffAudio(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], "webm", [0, 0]))?.kind).toBe("webm");
  expect(sniffAudio(bytes("OggS", [0, 2]))?.kind).toBe("ogg");
  expect(sniffAudio(bytes("ID3", [4, 0, 0]))?.kind).toBe("mp3");
  expect(sniffAudio(new Uint8Array(readFileSync("tests/fixtures/audio/silence.mp3")))?.contentType).toBe("audio/mpeg");
  expect(sniffAudio(bytes([0, 0, 0, 0x20], "ftypM4A ", [0, 0, 0, 0]))?.kind).toBe("m4a");
});

test("HTML, matroska video, empty and unknown bytes are refused", () => {
  expect(sniffAudio(bytes("<!doctype html><script>"))).toBeNull();
  expect(sniffAudio(bytes([0x1a, 0x45, 0xdf, 0xa3], "matroska"))).toBeNull();
  expect(sniffAudio(new Uint8Array())).toBeNull();
  expect(sniffAudio(bytes([0, 0, 0, 0x20], "ftypqt  "))).toBeNull();
});

test("file names follow docs/product.md §5", () => {
  expect(formClipName("n(d)", 7, 1)).toBe("nd1.ogg");
  expect(formClipName("gii'-maajaa", 7, 12)).toBe("giimaajaa12.ogg");
  expect(formClipName("(-)", 7, 2)).toBe("form72.ogg");
  expect(uploadFileName("test", "audio/webm;codecs=opus")).toBe("test.webm");
  expect(uploadFileName("a b/c", "")).toBe("a_b_c.webm");
  expect(extensionForType("audio/ogg")).toBe("ogg");
  expect(extensionForType("audio/mp4")).toBe("m4a");
});
