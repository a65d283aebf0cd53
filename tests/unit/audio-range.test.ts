import { expect, test } from "vitest";
import { parseAudioFileName, parseRange } from "../../app/services/audio-storage.server";

test("parseRange reads start-end, open-ended and suffix ranges", () => {
  expect(parseRange("bytes=0-99", 1000)).toEqual({ offset: 0, length: 100 });
  expect(parseRange("bytes=900-", 1000)).toEqual({ offset: 900, length: 100 });
  expect(parseRange("bytes=-10", 1000)).toEqual({ offset: 990, length: 10 });
  expect(parseRange("bytes=990-5000", 1000)).toEqual({ offset: 990, length: 10 });
});

test("parseRange rejects unsatisfiable or malformed ranges and ignores a missing header", () => {
  expect(parseRange(null, 1000)).toBeNull();
  expect(parseRange("bytes=1000-", 1000)).toBe("invalid");
  expect(parseRange("bytes=20-10", 1000)).toBe("invalid");
  expect(parseRange("bytes=-", 1000)).toBe("invalid");
  expect(parseRange("items=0-1", 1000)).toBe("invalid");
  expect(parseRange("bytes=0-1,5-6", 1000)).toBe("invalid");
});

test("audio file names must be plain names with a known audio extension", () => {
  expect(parseAudioFileName("12.mp3")).toEqual({ key: "audio/12.mp3", contentType: "audio/mpeg" });
  expect(parseAudioFileName("nmaajaa_1.ogg")).toEqual({ key: "audio/nmaajaa_1.ogg", contentType: "audio/ogg" });
  expect(parseAudioFileName("../secret.mp3")).toBeNull();
  expect(parseAudioFileName("x.exe")).toBeNull();
});
